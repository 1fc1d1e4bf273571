import type { ReactNode } from 'react';
import type { PriceGuide, TripType } from '@limo/contracts';
import { AIRPORT_SERVICE, AIRPORTS_SERVED, MEET_AND_GREET } from '../content/services';
import { Includes, MinimumHours, price, priceText } from '../content/site-prices';

/** "Additional $25 fee, " once the guide has the fee. */
const feeText = (fee: string | undefined) => (fee ? `Additional ${fee} fee, ` : '');

export type ServiceSlug = 'meet-and-greet' | 'airport' | 'hourly';

export interface ServiceContent {
  slug: ServiceSlug;
  title: string;
  eyebrow: string;
  lead: string;
  /** The page's meta description; its prices once the guide has them. */
  description: (guide: PriceGuide | undefined) => string;
  /** Prices are the guide's (price()): never typed here. */
  figure: { value: ReactNode; label: ReactNode };
  facts: { label: string; value: ReactNode }[];
  included: string[];
  steps: { title: string; text: string }[];
  booking: { heading: string; description: string; tripType: TripType };
}

export const SERVICE_CONTENT: Record<ServiceSlug, ServiceContent> = {
  'meet-and-greet': {
    slug: 'meet-and-greet',
    title: 'Meet & Greet Service',
    eyebrow: 'Airport arrivals',
    lead: 'Walk out of the gate and straight to a familiar face. Your chauffeur waits inside the terminal with your name, takes the bags and walks you to the car.',
    description: (guide) =>
      `Meet & Greet at LAX and Southern California airports: your chauffeur waits inside arrivals with a name sign. ${feeText(priceText(guide, 'meetGreet'))}${MEET_AND_GREET.freeWait} free wait.`,
    figure: { value: price('meetGreet'), label: <>Additional {price('meetGreet')} fee · {MEET_AND_GREET.freeWait} free wait</> },
    facts: [
      { label: 'Meet & Greet fee', value: <>Additional {price('meetGreet')} fee</> },
      { label: 'Free wait', value: `${MEET_AND_GREET.freeWait} free wait` },
      { label: 'Airports', value: AIRPORTS_SERVED },
    ],
    included: [
      'Your chauffeur waits in the arrivals hall with a name sign',
      'Help with your luggage from the carousel to the car',
      `${MEET_AND_GREET.freeWait} free wait after landing`,
      'Flight tracking, so a delay never costs you the ride',
    ],
    steps: [
      { title: 'Book and add Meet & Greet', text: 'Give us your flight details and tick Meet & Greet in the booking form.' },
      { title: 'We track your flight', text: 'Your chauffeur adjusts to early arrivals and delays.' },
      { title: 'Look for your name', text: 'Your chauffeur is at arrivals with a sign, ready to take the bags.' },
    ],
    booking: {
      heading: 'Book Meet & Greet',
      description: 'Book your airport pickup and tick Meet & Greet in the contact step.',
      tripType: 'one-way',
    },
  },
  airport: {
    slug: 'airport',
    title: 'Airport Transportation',
    eyebrow: 'Airport transfers',
    lead: `Reliable rides to and from ${AIRPORTS_SERVED}, in an executive sedan, SUV, limousine or party bus.`,
    description: (guide) => {
      const surcharge = priceText(guide, 'airportSurcharge');
      return `Chauffeured airport transportation to and from ${AIRPORTS_SERVED}. ${surcharge ? `${surcharge} airport surcharge, ` : ''}${AIRPORT_SERVICE.freeWait} free wait.`;
    },
    figure: { value: price('airportSurcharge'), label: `Airport surcharge · ${AIRPORT_SERVICE.freeWait} free wait` },
    facts: [
      { label: 'Airport surcharge', value: <>{price('airportSurcharge')} airport surcharge</> },
      { label: 'Free wait', value: `${AIRPORT_SERVICE.freeWait} free wait` },
      { label: 'Airports served', value: AIRPORTS_SERVED },
    ],
    included: [
      'Door-to-curb pickup and drop-off at every terminal',
      `${AIRPORT_SERVICE.freeWait} free wait on arrivals`,
      'Room for your luggage, with SUVs for larger groups',
      'Add Meet & Greet for an inside-the-terminal welcome',
    ],
    steps: [
      { title: 'Tell us your flight', text: 'Book online with your pickup time and airport, or call our reservations desk.' },
      { title: 'Ride in comfort', text: 'A professional chauffeur, a spotless vehicle and water on board.' },
      { title: 'Arrive on time', text: 'We plan around LA traffic so you reach the terminal with time to spare.' },
    ],
    booking: {
      heading: 'Book Your Airport Ride',
      description: 'To or from LAX, Burbank, Long Beach and other Southern California airports.',
      tripType: 'one-way',
    },
  },
  hourly: {
    slug: 'hourly',
    title: 'Hourly Chauffeur Service',
    eyebrow: 'By the hour',
    lead: 'A car and chauffeur at your disposal: meetings across town, a day of shopping on Rodeo Drive, a wedding or a night out. Go where you like; we wait.',
    description: (guide) => {
      const rate = priceText(guide, 'hourlyRate');
      const minimum = priceText(guide, 'hourlyMinimum');
      return `Hourly chauffeur service in Los Angeles and Orange County${rate && minimum && guide ? `: ${rate} per hour, ${guide.hourly.minimumHours}-hour minimum (${minimum}), ${guide.includes}` : ''}.`;
    },
    figure: { value: price('hourlyRate'), label: <>per hour · <MinimumHours />-hour minimum</> },
    facts: [
      { label: 'Hourly rate', value: <>{price('hourlyRate')} per hour</> },
      { label: 'Minimum', value: <><MinimumHours />-hour minimum ({price('hourlyMinimum')})</> },
      { label: 'Included', value: <Includes /> },
    ],
    included: [
      'One chauffeur and vehicle for the whole booking',
      'As many stops as you like within the hours booked',
      'Waiting time while you are at meetings, dinners and events',
      'Bottled water, Wi-Fi and phone chargers on board',
    ],
    steps: [
      { title: 'Choose your hours', text: 'Book from 3 hours; the booking form offers 3 to 24 hours.' },
      { title: 'Share your plans', text: 'List your stops in the special requests, or simply tell your chauffeur.' },
      { title: 'Enjoy the day', text: 'Your chauffeur stays with you for every stop.' },
    ],
    booking: {
      heading: 'Book Hourly Service',
      description: 'Choose from 3 to 24 hours; your chauffeur stays with you throughout.',
      tripType: 'hourly',
    },
  },
};
