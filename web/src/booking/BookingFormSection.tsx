import type { TripType } from '@limo/contracts';
import { useQueryReady } from '../lib/use-query-ready';
import BookingWizard from './BookingWizard';
import './booking.css';

export interface BookingFormSectionProps {
  heading?: string;
  description?: string;
  /** Anchor id, so a page can link to its form (e.g. "#book"). */
  id?: string;
  /** The service pages open on the trip type they describe (e.g. hourly on /services/hourly). */
  defaultTripType?: TripType;
}

/**
 * The booking form section of /reservations and the service pages: the full booking wizard
 * (hourly rides 3 to 24 hours) under the page's own heading.
 */
export default function BookingFormSection(props: BookingFormSectionProps) {
  const { heading = 'Book Your Ride', description, id = 'book', defaultTripType } = props;
  const headingId = `${id}-heading`;
  // Step 1's vehicles are drawn with the page, not inserted above the fields below them.
  useQueryReady(['/api/vehicles']);
  return (
    <section id={id} className="booking-form-section" aria-labelledby={headingId}>
      <header className="booking-form-section-header">
        <h2 id={headingId}>{heading}</h2>
        {description && <p className="muted">{description}</p>}
      </header>
      <BookingWizard defaultTripType={defaultTripType} headingLevel={3} />
    </section>
  );
}
