import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { COMPANY } from '../../lib/company';
import { useDocumentMeta } from '../../lib/use-document-title';
import { usePriceGuideReady } from '../../lib/price-guide';
import { useQueryReady } from '../../lib/use-query-ready';
import QuickBookingCard from '../../booking/QuickBookingCard';
import { CallToAction } from '../components/CallToAction';
import { DestinationsSection } from './DestinationsSection';
import { FleetSection } from './FleetSection';
import { HeroCarousel } from './HeroCarousel';
import { ServicesSection } from './ServicesSection';
import './home.css';
import { CallButton } from '../components/CallButton';

/** Scrolls to the element the URL's hash names (/#fleet), again once the fleet has loaded. */
function useScrollToHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash, ready]);
}

export default function HomePage() {
  useDocumentMeta(
    'Luxury Chauffeur & Limousine Service in Los Angeles and Orange County',
    'Prestige Limo: chauffeured airport transfers, meet and greet and hourly service across Los Angeles and Orange County. Book online in minutes.',
  );
  // The fleet section and the prices are drawn with the page, not grown under it.
  useQueryReady(['/api/vehicles']);
  usePriceGuideReady();
  const fleet = useQuery({ queryKey: ['/api/vehicles'] });
  useScrollToHash(fleet.isFetched);

  return (
    <>
      <HeroCarousel labelledBy="home-title">
        <div className="hero-copy">
          <p className="eyebrow">Los Angeles &amp; Orange County</p>
          <h1 id="home-title">Arrive in quiet luxury</h1>
          <p className="hero-lead">
            Professional chauffeurs for airport transfers, business travel and nights out, from LAX to Newport Coast.
          </p>
          <div className="hero-actions">
            <Link className="btn btn-gold" to="/reservations">
              Reserve a Ride
            </Link>
            <CallButton />
          </div>
        </div>
        <div className="hero-booking">
          <QuickBookingCard />
        </div>
      </HeroCarousel>
      <ServicesSection />
      <DestinationsSection />
      <FleetSection />
      <div className="section">
        <div className="container">
          <CallToAction />
        </div>
      </div>
    </>
  );
}
