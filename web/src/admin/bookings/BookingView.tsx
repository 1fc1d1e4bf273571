import type { Booking } from '@limo/contracts';
import { BookingFacts } from './BookingFacts';
import { BookingTimeline } from './BookingTimeline';
import { SettlementPanel } from './SettlementPanel';
import { TripLink } from './TripLink';
import { statusBadge } from './booking-status';

/** The booking dialog in view mode: every fact, a round trip's other leg, the status badge and the admin's notes. */
export function BookingView({
  booking,
  vehicleName,
  idPrefix: id,
  onOpenBooking,
  onChanged,
}: {
  booking: Booking;
  vehicleName?: string;
  idPrefix: string;
  onOpenBooking?: (other: Booking) => void;
  /** The booking as a review of its final price saved it. */
  onChanged?: (saved: Booking) => void;
}) {
  const badge = statusBadge(booking.status);
  return (
    <>
      <TripLink booking={booking} onOpen={onOpenBooking} idPrefix={id} />
      <BookingFacts booking={booking} vehicleName={vehicleName} idPrefix={id} />
      <section className="dialog-section" aria-labelledby={`${id}-status`}>
        <h3 id={`${id}-status`}>Status and Notes</h3>
        <dl className="facts">
          <div>
            <dt>Status</dt>
            <dd>
              <span className={`badge ${badge.className}`}>{badge.label}</span>
            </dd>
          </div>
          <div className="span-2">
            <dt>Admin notes</dt>
            <dd className="notes-text">{booking.adminNotes || 'No notes'}</dd>
          </div>
        </dl>
      </section>
      {booking.settlement && <SettlementPanel booking={{ ...booking, settlement: booking.settlement }} idPrefix={id} onChanged={(saved) => onChanged?.(saved)} />}
      <BookingTimeline bookingId={booking.id} idPrefix={id} />
    </>
  );
}

export function BookingViewActions({ onClose, onEdit }: { onClose: () => void; onEdit: () => void }) {
  return (
    <>
      <button type="button" className="btn btn-outline" onClick={onClose}>
        Close
      </button>
      <button type="button" className="btn btn-primary" onClick={onEdit}>
        Edit Booking
      </button>
    </>
  );
}
