import { Link } from 'react-router-dom';
import { COMPANY, companyAddressLine, companyPhoneHref } from '../../lib/company';
import { SERVICES_LINKS } from '../nav/nav-links';

const QUICK_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/business', label: 'Business' },
  { to: '/specials', label: 'Specials' },
  { to: '/#fleet', label: 'Our Fleet' },
  { to: '/reservations', label: 'Reservations' },
  { to: '/booking/manage', label: 'Manage a Booking' },
];

const SOCIAL_ICONS: Record<string, string> = {
  Instagram:
    'M12 7.3A4.7 4.7 0 1 0 12 16.7 4.7 4.7 0 0 0 12 7.3Zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6Zm6-7.9a1.1 1.1 0 1 1-2.2 0 1.1 1.1 0 0 1 2.2 0ZM21 7.6c-.1-1.5-.4-2.8-1.5-3.9S17.9 2.2 16.4 2.1C14.9 2 9.1 2 7.6 2.1 6.1 2.2 4.8 2.5 3.7 3.6S2.2 6.1 2.1 7.6C2 9.1 2 14.9 2.1 16.4c.1 1.5.4 2.8 1.5 3.9s2.4 1.4 3.9 1.5c1.5.1 7.3.1 8.8 0 1.5-.1 2.8-.4 3.9-1.5s1.4-2.4 1.5-3.9c.1-1.5.1-7.3 0-8.8Zm-2 10.7a3 3 0 0 1-1.7 1.7c-1.2.5-4 .4-5.3.4s-4.1.1-5.3-.4a3 3 0 0 1-1.7-1.7c-.5-1.2-.4-4-.4-5.3s-.1-4.1.4-5.3A3 3 0 0 1 6.7 4c1.2-.5 4-.4 5.3-.4s4.1-.1 5.3.4A3 3 0 0 1 19 5.7c.5 1.2.4 4 .4 5.3s.1 4.1-.4 5.3Z',
  Facebook: 'M14 8.5V6.6c0-.9.2-1.4 1.6-1.4H17V2.2A24 24 0 0 0 14.7 2C12.3 2 10.9 3.4 10.9 6v2.5H8.3v3.2h2.6V22H14V11.7h2.6l.4-3.2Z',
  LinkedIn:
    'M6.9 8.6H3.4V21h3.5V8.6ZM5.2 3a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm15.4 10.3c0-3.3-.7-5-3.9-5a3.5 3.5 0 0 0-3.1 1.7V8.6h-3.4V21h3.5v-6.1c0-1.6.3-3.2 2.3-3.2s2 1.9 2 3.3v6h3.5Z',
};

/** The shared public footer (spec section 2): quick links, services, contact, hours, social, legal. */
export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <section className="footer-about" aria-labelledby="footer-brand">
          <p id="footer-brand" className="brand footer-brand">
            Prestige <span>Limo</span>
          </p>
          <p className="footer-tagline">Luxury chauffeur service across {COMPANY.serviceArea}, day and night.</p>
          <ul className="footer-social" aria-label="Social media">
            {COMPANY.social.map((s) => (
              <li key={s.label}>
                <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={`${COMPANY.name} on ${s.label} (opens in a new tab)`}>
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                    <path d={SOCIAL_ICONS[s.label]} fill="currentColor" />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-quick">
          <h2 id="footer-quick" className="footer-heading">
            Quick Links
          </h2>
          <ul className="footer-links">
            {QUICK_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-services">
          <h2 id="footer-services" className="footer-heading">
            Services
          </h2>
          <ul className="footer-links">
            {SERVICES_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="footer-heading">
            Contact
          </h2>
          <address className="footer-contact">
            <a href={companyPhoneHref}>{COMPANY.phone.display}</a>
            <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
            <span>{companyAddressLine()}</span>
          </address>
        </section>
        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours" className="footer-heading">
            Business Hours
          </h2>
          <dl className="footer-hours">
            {COMPANY.businessHours.map((row) => (
              <div key={row.days}>
                <dt>{row.days}</dt>
                <dd>
                  <abbr title={row.spelledOut}>{row.hours}</abbr>
                </dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
      <div className="footer-bottom">
        <p>
          © {year} {COMPANY.name}. All rights reserved.
        </p>
        <ul className="footer-legal" aria-label="Legal">
          {COMPANY.legal.map((l) => (
            <li key={l.label}>
              <a href={l.href}>{l.label}</a>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
