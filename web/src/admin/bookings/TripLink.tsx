import { useQuery } from '@tanstack/react-query';
import type { Booking } from '@limo/contracts';

/**
 * A round trip's leg in the booking dialog: the trip reference, which leg this is and the other
 * leg's reference, which opens that booking (each leg is dispatched on its own). The other leg is
 * found by the trip reference, which the list's search matches.
 */
export function TripLink({ booking: b, onOpen, idPrefix: id }: { booking: Booking; onOpen?: (other: Booking) => void; idPrefix: string }) {
  const trip = b.tripReference ?? '';
  // `limit` keeps this key apart from the list page's own pages of the same search.
  const legs = useQuery<Booking[]>({ queryKey: ['/api/admin/bookings', { q: trip, limit: 10 }], enabled: Boolean(trip), staleTime: 0 });
  if (!b.tripReference || !b.tripLeg) return null;
  const other = legs.data?.find((leg) => leg.id === b.linkedBookingId);
  return (
    <section className="dialog-section" aria-labelledby={`${id}-trip-link`} data-testid="trip-link">
      <h3 id={`${id}-trip-link`}>Round Trip</h3>
      <p className="trip-link">
        Round trip <span className="mono">{b.tripReference}</span> — {b.tripLeg} leg, other leg{' '}
        {other ? (
          onOpen ? (
            <button type="button" className="link-button mono" onClick={() => onOpen(other)} aria-label={`Open the ${b.tripLeg === 'outbound' ? 'return' : 'outbound'} leg ${other.reference}`}>
              {other.reference}
            </button>
          ) : (
            <span className="mono">{other.reference}</span>
          )
        ) : (
          <span className="muted">#{b.linkedBookingId}</span>
        )}
      </p>
    </section>
  );
}
