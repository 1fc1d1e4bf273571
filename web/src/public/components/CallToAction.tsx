import { Link } from 'react-router-dom';
import { COMPANY } from '../../lib/company';
import { CallButton } from './CallButton';

interface CallToActionProps {
  title?: string;
  text?: string;
  bookLabel?: string;
  bookTo?: string;
}

/** Closing band of a page: book online or call. */
export function CallToAction({
  title = 'Ready when you are',
  text = `Book online in a few minutes or call us: ${COMPANY.name} answers every day, with emergencies covered 24/7.`,
  bookLabel = 'Book Now',
  bookTo = '/booking',
}: CallToActionProps) {
  return (
    <section className="cta-band" aria-labelledby="cta-title">
      <div>
        <h2 id="cta-title">{title}</h2>
        <p>{text}</p>
      </div>
      <div className="cta-band-actions">
        <Link className="btn btn-gold" to={bookTo}>
          {bookLabel}
        </Link>
        <CallButton />
      </div>
    </section>
  );
}
