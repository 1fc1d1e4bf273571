import { businessHoursText, COMPANY, companyPhoneHref } from '../../lib/company';
import { useDocumentMeta } from '../../lib/use-document-title';
import BookingFormSection from '../../booking/BookingFormSection';
import { PageHero } from '../components/PageHero';
import { MORE_WAYS_TO_SAVE } from '../content/specials';
import '../pages.css';

export default function ReservationsPage() {
  useDocumentMeta(
    'Reservations',
    'Reserve a Prestige Limo chauffeur in Los Angeles or Orange County: one-way or hourly rides, with payment arranged by phone.',
  );
  return (
    <>
      <PageHero
        eyebrow="Reservations"
        title="Reserve your chauffeur"
        lead="One-way transfers or hourly service, anywhere in Los Angeles and Orange County. Send your ride details and we will confirm by phone."
      />
      <div className="section">
        <div className="container reservations-layout">
          <div className="reservations-form">
            <BookingFormSection id="book" description="One-way or hourly: fill in your ride, then your contact details." />
          </div>
          <aside className="reservations-aside" aria-label="Reservation help">
            <section className="aside-card" aria-labelledby="call-title">
              <h2 id="call-title">Prefer to call?</h2>
              <p>
                <a className="aside-phone" href={companyPhoneHref}>
                  {COMPANY.phone.display}
                </a>
              </p>
              <p className="muted">{businessHoursText()}.</p>
            </section>
            <section className="aside-card" aria-labelledby="payment-title">
              <h2 id="payment-title">How payment works</h2>
              <p>
                No payment is taken online. Once your booking is saved, call us to pay with a peer-to-peer payment app or a credit card by
                phone.
              </p>
            </section>
            <section className="aside-card" aria-labelledby="save-title">
              <h2 id="save-title">Ways to save</h2>
              <ul className="check-list">
                {MORE_WAYS_TO_SAVE.map((w) => (
                  <li key={w.name}>{w.text}</li>
                ))}
              </ul>
            </section>
          </aside>
        </div>
      </div>
    </>
  );
}
