import { useQuery } from '@tanstack/react-query';
import type { DriverRide, EndedOffer } from '@limo/contracts/booking/dispatch';
import { countdown } from '../../lib/countdown';
import { useNow } from '../../lib/use-now';
import { RideAnswer } from '../dashboard/RideAnswer';
import { awaitsAnswer } from '../dashboard/ride-progress';
import { DRIVER_POLL, DRIVER_QUERIES } from '../driver-queries';
import { pickupWhen, timeOnDayText } from '../driver-format';
import { useDismissedNotices } from './dismissed-notices';
import { offerKey, useNewOfferAlert, useTitleFlash } from './offer-alerts';

/** "The offer for LX-8G394 expired" / "... was withdrawn". */
const endedText = (reference: string, outcome: EndedOffer['outcome']) => `The offer for ${reference} ${outcome === 'expired' ? 'expired' : 'was withdrawn'}`;

const titleFor = (offers: DriverRide[]) =>
  offers.length === 0 ? null : offers.length === 1 ? `New ride offer: ${offers[0].reference}` : `(${offers.length}) New ride offers`;

/**
 * Ride offers pinned under the header of every driver page: each with its countdown, Accept and
 * Decline, announced with a chime, a vibration and a flashing tab title; an offer that expired or
 * was withdrawn before the driver answered says so until dismissed, instead of vanishing.
 */
export function OfferBar() {
  const rides = useQuery<DriverRide[]>({ queryKey: [DRIVER_QUERIES.rides], refetchInterval: DRIVER_POLL.rides });
  const ended = useQuery<EndedOffer[]>({ queryKey: [DRIVER_QUERIES.endedOffers], refetchInterval: DRIVER_POLL.rides });
  const [dismissed, dismiss] = useDismissedNotices();
  const now = useNow(1000);

  const endedRides = new Set((ended.data ?? []).map((offer) => offer.bookingId));
  const waiting = (rides.data ?? []).filter((ride) => awaitsAnswer(ride) && !endedRides.has(ride.id));
  // Past its deadline here, not yet expired by the server: said at once all the same.
  const lapsed = waiting.filter((ride) => countdown(ride.responseDeadline, now).expired);
  const open = waiting.filter((ride) => !lapsed.includes(ride));
  const notices = (ended.data ?? []).filter((offer) => !dismissed.has(offer.assignmentId));

  useNewOfferAlert(open.map(offerKey));
  useTitleFlash(titleFor(open));

  if (open.length + lapsed.length + notices.length === 0) return null;
  return (
    <section className="offer-bar" aria-label="Ride offers">
      <ul className="offer-list">
        {open.map((ride) => (
          <li key={offerKey(ride)} className="offer" data-testid={`offer-${ride.reference}`}>
            <p className="offer-title" role="alert">
              <strong>New ride offer</strong> <span className="mono">{ride.reference}</span>
            </p>
            <p className="offer-trip">
              {pickupWhen(ride)} · {ride.pickupLocation}
              {ride.dropoffLocation ? ` → ${ride.dropoffLocation}` : ` (hourly, ${ride.duration ?? 0} h)`}
            </p>
            <RideAnswer ride={ride} />
          </li>
        ))}
        {lapsed.map((ride) => (
          <li key={offerKey(ride)} className="offer-ended" data-testid={`offer-ended-${ride.reference}`}>
            <p role="status">{endedText(ride.reference, 'expired')}</p>
          </li>
        ))}
        {notices.map((offer) => (
          <li key={offer.assignmentId} className="offer-ended" data-testid={`offer-ended-${offer.reference}`}>
            <p role="status">
              {endedText(offer.reference, offer.outcome)} <span className="muted small">at {timeOnDayText(offer.at)}</span>
            </p>
            <button type="button" className="btn btn-sm btn-outline" onClick={() => dismiss(offer.assignmentId)} aria-label={`Dismiss: ${endedText(offer.reference, offer.outcome)}`}>
              Dismiss
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
