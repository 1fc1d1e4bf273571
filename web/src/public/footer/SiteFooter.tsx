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
                  {/* The icon's shape is a static file (public/images/social), drawn in the link's colour by a CSS mask. */}
                  <span className="footer-social-icon" data-icon={s.label.toLowerCase()} aria-hidden="true" />
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
