import { useSearchParams } from 'react-router-dom';
import { useDocumentMeta } from '../lib/use-document-title';
import { useQueryReady } from '../lib/use-query-ready';
import BookingWizard from './BookingWizard';
import './booking.css';

/** /booking: the wizard on its own page; ?prefill=true continues from the home page's quick form. */
export default function BookingWizardPage() {
  const [params] = useSearchParams();
  // Step 1's vehicles are drawn with the page, not inserted above the fields below them.
  useQueryReady(['/api/vehicles']);
  useDocumentMeta('Book Your Ride', 'Book a one-way or hourly chauffeured ride in Los Angeles and Orange County in five short steps.');
  return (
    <div className="booking-page">
      <header className="booking-page-header">
        <h1>Book Your Ride</h1>
        <p className="muted">One-way transfers and hourly chauffeur service across Los Angeles and Orange County.</p>
      </header>
      <BookingWizard prefill={params.get('prefill') === 'true'} />
    </div>
  );
}
