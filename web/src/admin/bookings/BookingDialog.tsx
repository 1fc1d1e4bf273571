import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { Booking, BookingStatus } from '@limo/contracts';
import { apiJson } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { Dialog } from '../components/Dialog';
import { formatPhone } from '../drivers/driver-format';
import { formatDate, formatMoney, formatTime } from '../format';
import { BOOKING_STATUSES, statusBadge } from './booking-status';
import { bookingPatch, customerName, draftOf, TRIP_TYPE_LABEL, type BookingDraft } from './booking-format';

export type DialogMode = 'view' | 'edit';

/** Every query whose figures move when a booking's status or notes change. */
const AFFECTED_QUERIES = [
  '/api/admin/bookings',
  '/api/bookings/pending',
  '/api/bookings',
  '/api/admin/stats',
  '/api/admin/notifications',
  '/api/admin/revenue/summary',
  '/api/admin/revenue/daily',
  '/api/admin/revenue/monthly',
  '/api/admin/reports',
];

/** The booking dialog: customer, trip, vehicle and pricing, status and notes; edit mode saves status and notes. */
export function BookingDialog({
  booking,
  mode,
  vehicleName,
  onModeChange,
  onClose,
}: {
  booking: Booking | null;
  mode: DialogMode;
  vehicleName?: string;
  onModeChange: (mode: DialogMode) => void;
  onClose: () => void;
}) {
  const id = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState<Booking | null>(booking);
  const [draft, setDraft] = useState<BookingDraft>(() => draftOf(booking ?? { status: 'pending', adminNotes: null }));

  useEffect(() => {
    setCurrent(booking);
    if (booking) setDraft(draftOf(booking));
  }, [booking]);

  const save = useMutation({
    mutationFn: (b: Booking) => apiJson<Booking>('PATCH', `/api/bookings/${b.id}`, bookingPatch(draft)),
    onSuccess: (saved) => {
      setCurrent(saved);
      setDraft(draftOf(saved));
      onModeChange('view');
      toast({ title: 'Booking Updated', description: 'Booking details have been saved successfully.' });
      for (const key of AFFECTED_QUERIES) void queryClient.invalidateQueries({ queryKey: [key] });
    },
    onError: () => {
      toast({ title: 'Save Failed', description: 'Failed to save booking changes. Please try again.', variant: 'destructive' });
    },
  });

  // Entering edit mode takes the keyboard (and the scroll position) to the fields that can change.
  const statusRef = useRef<HTMLSelectElement>(null);
  const editing = mode === 'edit';
  useEffect(() => {
    if (editing && current) statusRef.current?.focus();
  }, [editing, current?.id]);

  const cancelEdit = () => {
    if (current) setDraft(draftOf(current));
    onModeChange('view');
  };

  const b = current;
  const badge = b ? statusBadge(b.status) : null;

  return (
    <Dialog
      open={Boolean(b)}
      onClose={onClose}
      size="lg"
      title={b ? `Booking #${b.id}` : 'Booking'}
      description={b ? `${editing ? 'Edit' : 'View'} booking ${b.reference}` : undefined}
      footer={
        b &&
        (editing ? (
          <>
            <button key="cancel" type="button" className="btn btn-outline" onClick={cancelEdit} disabled={save.isPending}>
              Cancel
            </button>
            <button key="save" type="submit" form={`${id}-form`} className="btn btn-primary" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Changes'}
            </button>
          </>
        ) : (
          <>
            <button key="close" type="button" className="btn btn-outline" onClick={onClose}>
              Close
            </button>
            {/* Its own key: were React to reuse this element as the submit button, the click that
                opens edit mode would also submit the form. */}
            <button key="edit" type="button" className="btn btn-primary" onClick={() => onModeChange('edit')}>
              Edit Booking
            </button>
          </>
        ))
      }
    >
      {b && badge && (
        <form
          id={`${id}-form`}
          onSubmit={(e) => {
            e.preventDefault();
            if (editing && !save.isPending) save.mutate(b);
          }}
        >
          <section className="dialog-section" aria-labelledby={`${id}-customer`}>
            <h3 id={`${id}-customer`}>Customer Information</h3>
            <dl className="facts">
              <div>
                <dt>Name</dt>
                <dd>{customerName(b)}</dd>
              </div>
              <div className="span-2">
                <dt>Email</dt>
                <dd className="wrap">
                  <a href={`mailto:${b.email}`}>{b.email}</a>
                </dd>
              </div>
              <div>
                <dt>Phone</dt>
                <dd>
                  <a href={`tel:${b.phone}`}>{formatPhone(b.phone)}</a>
                </dd>
              </div>
              <div>
                <dt>SMS updates</dt>
                <dd>{b.smsUpdates ? 'Yes' : 'No'}</dd>
              </div>
            </dl>
          </section>

          <section className="dialog-section" aria-labelledby={`${id}-trip`}>
            <h3 id={`${id}-trip`}>Trip Details</h3>
            <dl className="facts">
              <div>
                <dt>Trip type</dt>
                <dd>{TRIP_TYPE_LABEL[b.tripType]}</dd>
              </div>
              <div>
                <dt>Date and time</dt>
                <dd>
                  {formatDate(b.pickupDate)} at {formatTime(b.pickupTime)}
                </dd>
              </div>
              <div className="span-2">
                <dt>Pickup</dt>
                <dd>{b.pickupLocation}</dd>
              </div>
              {b.waypoints.length > 0 && (
                <div className="span-2">
                  <dt>Stops</dt>
                  <dd>
                    <ol className="stops">
                      {b.waypoints.map((w, i) => (
                        <li key={`${i}-${w}`}>{w}</li>
                      ))}
                    </ol>
                  </dd>
                </div>
              )}
              {b.tripType === 'one-way' ? (
                <div className="span-2">
                  <dt>Drop-off</dt>
                  <dd>{b.dropoffLocation || 'Not specified'}</dd>
                </div>
              ) : (
                <div>
                  <dt>Duration</dt>
                  <dd>{b.duration ? `${b.duration} hours` : 'Not specified'}</dd>
                </div>
              )}
              <div>
                <dt>Meet &amp; greet</dt>
                <dd>{b.meetGreet ? 'Yes' : 'No'}</dd>
              </div>
              <div>
                <dt>Child seats</dt>
                <dd>{b.childSeats ? 'Yes' : 'No'}</dd>
              </div>
              <div className="span-2">
                <dt>Special requests</dt>
                <dd className="notes-text">{b.specialRequests || 'None'}</dd>
              </div>
            </dl>
          </section>

          <section className="dialog-section" aria-labelledby={`${id}-pricing`}>
            <h3 id={`${id}-pricing`}>Vehicle and Pricing</h3>
            <dl className="facts">
              <div>
                <dt>Booking reference</dt>
                <dd className="mono">{b.reference}</dd>
              </div>
              <div>
                <dt>Vehicle</dt>
                <dd>
                  {vehicleName ?? 'Vehicle'} {b.vehicleId != null && <span className="muted">(ID {b.vehicleId})</span>}
                </dd>
              </div>
              <div>
                <dt>Payment</dt>
                <dd>{b.paymentMethod === 'phone-card' ? 'By phone (card or payment app)' : b.paymentMethod}</dd>
              </div>
            </dl>
            <dl className="price-lines" aria-label="Itemised price">
              <div>
                <dt>Base rate</dt>
                <dd>{formatMoney(b.price.base)}</dd>
              </div>
              {b.meetGreet && (
                <div>
                  <dt>Meet &amp; greet</dt>
                  <dd>{formatMoney(b.price.meetGreet)}</dd>
                </div>
              )}
              {b.childSeats && (
                <div>
                  <dt>Child safety seats</dt>
                  <dd>{formatMoney(b.price.childSeats)}</dd>
                </div>
              )}
              <div>
                <dt>Service fee (5%)</dt>
                <dd>{formatMoney(b.price.serviceFee)}</dd>
              </div>
              <div>
                <dt>Gratuity (15%)</dt>
                <dd>{formatMoney(b.price.gratuity)}</dd>
              </div>
              <div className="price-total">
                <dt>Total</dt>
                <dd>{formatMoney(b.price.total)}</dd>
              </div>
            </dl>
          </section>

          <section className="dialog-section" aria-labelledby={`${id}-status`}>
            <h3 id={`${id}-status`}>Status and Notes</h3>
            {editing ? (
              <div className="form-grid">
                <div className="field">
                  <label htmlFor={`${id}-status-select`}>Status</label>
                  <select
                    ref={statusRef}
                    id={`${id}-status-select`}
                    value={draft.status}
                    onChange={(e) => setDraft((d) => ({ ...d, status: e.target.value as BookingStatus }))}
                  >
                    {BOOKING_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {statusBadge(s).label}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label htmlFor={`${id}-notes`}>Admin notes</label>
                  <textarea
                    id={`${id}-notes`}
                    rows={4}
                    maxLength={2000}
                    value={draft.adminNotes}
                    onChange={(e) => setDraft((d) => ({ ...d, adminNotes: e.target.value }))}
                    placeholder="Internal notes about this booking"
                  />
                </div>
              </div>
            ) : (
              <dl className="facts">
                <div>
                  <dt>Status</dt>
                  <dd>
                    <span className={`badge ${badge.className}`}>{badge.label}</span>
                  </dd>
                </div>
                <div className="span-2">
                  <dt>Admin notes</dt>
                  <dd className="notes-text">{b.adminNotes || 'No notes'}</dd>
                </div>
              </dl>
            )}
          </section>
        </form>
      )}
    </Dialog>
  );
}
