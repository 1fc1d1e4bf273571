import { Link } from 'react-router-dom';
import type { ReactNode } from 'react';
import { PriceGuideNote } from '../../components/GuidePrice';
import { AIRPORT_SERVICE, MEET_AND_GREET } from '../content/services';
import { MinimumHours, price } from '../content/site-prices';

const SERVICES: { to: string; title: string; figure: ReactNode; text: ReactNode; icon: string }[] = [
  {
    to: '/services/airport',
    title: 'Airport Transportation',
    figure: <>{price('airportSurcharge')} airport surcharge</>,
    text: `Door-to-terminal rides with ${AIRPORT_SERVICE.freeWait} free wait, to and from LAX, Burbank, Long Beach and other Southern California airports.`,
    icon: 'M21 16v-2l-8-5V3.5a1.5 1.5 0 0 0-3 0V9l-8 5v2l8-2.5V19l-2 1.5V22l3.5-1 3.5 1v-1.5L13 19v-5.5z',
  },
  {
    to: '/services/meet-and-greet',
    title: 'Meet & Greet',
    figure: <>Additional {price('meetGreet')} fee</>,
    text: `Your chauffeur waits inside arrivals with a name sign and helps with the luggage; ${MEET_AND_GREET.freeWait} free wait.`,
    icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm0 2c-4.4 0-8 2.2-8 5v1h16v-1c0-2.8-3.6-5-8-5Z',
  },
  {
    to: '/services/hourly',
    title: 'Hourly Service',
    figure: <>{price('hourlyRate')} per hour</>,
    text: (
      <>
        A car and chauffeur at your disposal for meetings, events and nights out; <MinimumHours />
        -hour minimum ({price('hourlyMinimum')}).
      </>
    ),
    icon: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 10.4 3.5 2.1-.8 1.3L11 13V7h2z',
  },
];

export function ServicesSection() {
  return (
    <section className="section section-alt" aria-labelledby="services-title">
      <div className="container">
        <header className="section-header centered">
          <p className="eyebrow">Our services</p>
          <h2 id="services-title">Chauffeured, the way it should be</h2>
          <p>Licensed chauffeurs, immaculate vehicles and a reservations team that picks up the phone.</p>
        </header>
        <ul className="grid-3 plain-list service-cards">
          {SERVICES.map((s) => (
            <li key={s.to}>
              <article className="service-card">
                <span className="service-icon" aria-hidden="true">
                  <svg viewBox="0 0 24 24" width="26" height="26" focusable="false">
                    <path d={s.icon} fill="currentColor" />
                  </svg>
                </span>
                <h3>{s.title}</h3>
                <p className="service-figure">{s.figure}</p>
                <p>{s.text}</p>
                <Link to={s.to} className="service-link">
                  More about {s.title}
                  <span aria-hidden="true"> →</span>
                </Link>
              </article>
            </li>
          ))}
        </ul>
        <PriceGuideNote className="price-note centered-note" />
      </div>
    </section>
  );
}
