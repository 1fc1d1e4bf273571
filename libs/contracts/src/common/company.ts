/**
 * The company's public details, in one place: the footer, the contact blocks of the public pages,
 * the booking wizard's call-to-reserve step and the customer messages (email, SMS) read them here.
 * The social and legal links are placeholders (spec section 2) until the operator has real ones.
 */
export interface BusinessHoursRow {
  days: string;
  /** As the spec writes it (section 9). */
  hours: string;
  /** The same hours spelled out, for screen readers and tooltips. */
  spelledOut: string;
}

export const COMPANY = {
  name: 'Prestige Limo',
  tagline: 'Luxury chauffeur service in Los Angeles and Orange County',
  serviceArea: 'Los Angeles and Orange County',
  phone: {
    /** As shown to people. */
    display: '(310) 555-0142',
    /** For tel: links. */
    e164: '+13105550142',
  },
  email: 'reservations@prestigelimo.example',
  address: {
    street: '5757 W Century Blvd, Suite 700',
    city: 'Los Angeles',
    region: 'CA',
    postalCode: '90045',
  },
  businessHours: [
    { days: 'Mon-Fri', hours: '6 AM-10 PM', spelledOut: 'Monday to Friday, 6 AM to 10 PM' },
    { days: 'Sat', hours: '8-8', spelledOut: 'Saturday, 8 AM to 8 PM' },
    { days: 'Sun', hours: '10-6', spelledOut: 'Sunday, 10 AM to 6 PM' },
    { days: 'Emergencies', hours: '24/7', spelledOut: 'Emergencies, 24 hours a day, 7 days a week' },
  ] satisfies BusinessHoursRow[],
  social: [
    { label: 'Instagram', href: 'https://www.instagram.com/' },
    { label: 'Facebook', href: 'https://www.facebook.com/' },
    { label: 'LinkedIn', href: 'https://www.linkedin.com/' },
  ],
  legal: [
    { label: 'Privacy Policy', href: '#privacy-policy' },
    { label: 'Terms of Service', href: '#terms-of-service' },
    { label: 'Accessibility', href: '#accessibility' },
  ],
} as const;

/** "5757 W Century Blvd, Suite 700, Los Angeles, CA 90045" */
export function companyAddressLine(): string {
  const { street, city, region, postalCode } = COMPANY.address;
  return `${street}, ${city}, ${region} ${postalCode}`;
}

/** tel: link of the company phone. */
export const companyPhoneHref = `tel:${COMPANY.phone.e164}`;

/** "Mon-Fri 6 AM-10 PM, Sat 8-8, Sun 10-6, emergencies 24/7" (spec section 9). */
export function businessHoursText(): string {
  return COMPANY.businessHours
    .map((row) => (row.days === 'Emergencies' ? `emergencies ${row.hours}` : `${row.days} ${row.hours}`))
    .join(', ');
}
