import { Link } from 'react-router-dom';
import { COMPANY } from '../../lib/company';
import { useDocumentMeta } from '../../lib/use-document-title';
import BookingFormSection from '../../booking/BookingFormSection';
import { FigurePanel, PageHero } from '../components/PageHero';
import { PriceGuideNote } from '../../components/GuidePrice';
import { sitePrice, usePriceGuide, usePriceGuideReady } from '../../lib/price-guide';
import { HOURLY_LONG_BOOKING } from '../content/services';
import { Includes, MinimumHours, price } from '../content/site-prices';
import { SERVICE_CONTENT, type ServiceSlug } from './service-content';
import '../pages.css';
import { CallButton } from '../components/CallButton';

/** The hourly table: the minimum, the lengths the guide prices, and long bookings at the hourly rate. */
function HourlyRates() {
  const guide = usePriceGuide();
  const hourly = guide.data?.hourly;
  const lengths = hourly?.examples.filter((e) => e.hours > hourly.minimumHours && e.hours < HOURLY_LONG_BOOKING) ?? [];
  return (
    <div className="rate-card">
      <h3>Hourly rates</h3>
      <p className="rate-headline">{price('hourlyRate')} per hour</p>
      <table className="rate-table">
        <caption className="visually-hidden">Hourly service prices</caption>
        <thead>
          <tr>
            <th scope="col">Booking</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">
              <MinimumHours />
              -hour minimum
            </th>
            <td>{price('hourlyMinimum')}</td>
          </tr>
          {lengths.map((e) => (
            <tr key={e.hours}>
              <th scope="row">{e.hours} hours</th>
              <td>{sitePrice(e.total)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">{HOURLY_LONG_BOOKING}+ hours</th>
            <td>{price('hourlyRate')}/hr</td>
          </tr>
        </tbody>
      </table>
      <p className="rate-note">
        <Includes />
      </p>
    </div>
  );
}

/** One of the three service pages: details, then the booking form section. */
export default function ServicePage({ service }: { service: ServiceSlug }) {
  const content = SERVICE_CONTENT[service];
  // Drawn with its prices, not grown as they arrive.
  usePriceGuideReady();
  const guide = usePriceGuide();
  useDocumentMeta(content.title, content.description(guide.data));

  return (
    <>
      <PageHero
        crumbs={[{ to: '/', label: 'Home' }]}
        eyebrow={content.eyebrow}
        title={content.title}
        lead={content.lead}
        aside={<FigurePanel value={content.figure.value} label={content.figure.label} />}
        actions={
          <>
            <a className="btn btn-gold" href="#book">
              Book this service
            </a>
            <CallButton />
          </>
        }
      />
      <section className="section" aria-labelledby="details-title">
        <div className="container service-layout">
          <div>
            <h2 id="details-title">Service details</h2>
            <dl className="fact-list">
              {content.facts.map((f) => (
                <div key={f.label}>
                  <dt>{f.label}</dt>
                  <dd>{f.value}</dd>
                </div>
              ))}
            </dl>
            <PriceGuideNote errorOnly={service === 'hourly'} />
            <h3 className="included-title">What's included</h3>
            <ul className="check-list">
              {content.included.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
          <div>
            {service === 'hourly' ? (
              <HourlyRates />
            ) : (
              <div className="steps-card">
                <h3>How it works</h3>
                <ol className="steps">
                  {content.steps.map((s) => (
                    <li key={s.title}>
                      <strong>{s.title}</strong>
                      <span>{s.text}</span>
                    </li>
                  ))}
                </ol>
                {service === 'airport' && (
                  <p className="steps-note">
                    Flying midday or late? See <Link to="/specials/executive-hour">Executive Hour</Link> and{' '}
                    <Link to="/specials/late-flight-love">Late Flight Love</Link>.
                  </p>
                )}
                {service === 'meet-and-greet' && (
                  <p className="steps-note">
                    Pair it with an <Link to="/services/airport">airport transfer</Link> to or from LAX, Burbank or Long Beach.
                  </p>
                )}
              </div>
            )}
          </div>
        </div>
      </section>
      <div className="section section-alt service-booking">
        <div className="container">
          <BookingFormSection
            id="book"
            heading={content.booking.heading}
            description={content.booking.description}
            defaultTripType={content.booking.tripType}
          />
        </div>
      </div>
    </>
  );
}
