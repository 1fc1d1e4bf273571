import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { BOOKING_LIMITS, BOOKING_MESSAGES, flightDirection, needsStatusReason, UpdateBookingRequest, type Booking, type BookingStatus, type Vehicle } from '@limo/contracts';
import { ApiError, apiJson, serverMessage } from '../../lib/api';
import { formSchema } from '../../lib/forms/form-schema';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { useToast } from '../../lib/toast';
import { BookingFacts } from './BookingFacts';
import { RideEditFields } from './RideEditFields';
import { bookingPatch, draftOf } from './booking-format';
import { BOOKING_STATUSES, statusBadge } from './booking-status';

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

/**
 * The status and notes as PATCH /api/bookings/{id} takes them (blank notes clear them); moving the
 * status of a ride its driver has accepted asks why, as the server does.
 */
const bookingEditForm = (booking: Booking) =>
  formSchema(
    UpdateBookingRequest.refine((patch) => !needsStatusReason(booking, patch.status) || patch.statusReason !== undefined, {
      message: BOOKING_MESSAGES.statusReasonRequired,
      path: ['statusReason'],
    }),
    bookingPatch,
  );

/** Shared by the form that saves and the footer's buttons, which live outside it. */
const saveKey = (booking: Booking) => ['save-booking', booking.id];

const STALE = 'This booking was changed by someone else';

/**
 * The booking dialog in edit mode: the same facts, with the ride, the status and the admin notes
 * as a form that saves them (the server re-prices a changed ride). The footer's Save button
 * submits it (`<idPrefix>-form`). A save refused because someone else changed the booking since
 * it was read offers to reload it.
 */
export function BookingEdit(props: { booking: Booking; vehicleName?: string; idPrefix: string; onSaved: (saved: Booking) => void; onReload: () => void }) {
  const { booking, vehicleName, idPrefix: id, onSaved, onReload } = props;
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useSchemaForm(
    useMemo(() => bookingEditForm(booking), [booking]),
    draftOf(booking),
  );
  const vehicles = useQuery<Vehicle[]>({ queryKey: ['/api/vehicles'] });
  const [stale, setStale] = useState(false);

  const save = useMutation({
    mutationKey: saveKey(booking),
    mutationFn: (patch: UpdateBookingRequest) => apiJson<Booking>('PATCH', `/api/bookings/${booking.id}`, patch),
    onSuccess: (saved) => {
      onSaved(saved);
      toast({ title: 'Booking Updated', description: 'Booking details have been saved successfully.' });
      for (const key of AFFECTED_QUERIES) void queryClient.invalidateQueries({ queryKey: [key] });
    },
    onError: (error) => {
      if (error instanceof Error && error.message.startsWith('409') && error.message.includes(STALE)) return setStale(true);
      // A refusal says what to change (a driver still to answer, a ride that took the driver):
      // trying again would not help. Anything else gets the spec's words.
      const refusal = error instanceof ApiError && error.status >= 400 && error.status < 500 ? serverMessage(error) : undefined;
      toast({ title: 'Save Failed', description: refusal ?? 'Failed to save booking changes. Please try again.', variant: 'destructive' });
    },
  });

  // Entering edit mode takes the keyboard (and the scroll position) to the fields that can change.
  const statusRef = useRef<HTMLSelectElement>(null);
  useEffect(() => statusRef.current?.focus(), []);

  const notesError = form.errors.adminNotes;
  const reasonError = form.errors.statusReason;
  const statusMoved = form.values.status !== booking.status;
  return (
    <>
      {stale && (
        <div className="dialog-alert" role="alert" data-testid="stale-booking">
          <p>
            <strong>{STALE}.</strong> Reload it to see their changes, then make yours again.
          </p>
          <button type="button" className="btn btn-primary btn-sm" onClick={onReload}>
            Reload booking
          </button>
        </div>
      )}
      <BookingFacts booking={booking} vehicleName={vehicleName} idPrefix={id} />
      <form
        id={`${id}-form`}
        ref={form.ref}
        className="dialog-form"
        noValidate
        onSubmit={form.submit((patch) => {
          if (!save.isPending) save.mutate(patch);
        })}
      >
      <RideEditFields form={form} idPrefix={id} vehicles={vehicles.data ?? []} />
      <section className="dialog-section" aria-labelledby={`${id}-status`}>
        <h3 id={`${id}-status`}>Status and Notes</h3>
        <div className="form-grid">
          <div className="field">
            <label htmlFor={`${id}-status-select`}>Status</label>
            <select
              ref={statusRef}
              id={`${id}-status-select`}
              value={form.values.status}
              onChange={(e) => form.set('status', e.target.value as BookingStatus)}
            >
              {BOOKING_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {statusBadge(s).label}
                </option>
              ))}
            </select>
          </div>
          {statusMoved && (
            <div className="field">
              <label htmlFor={`${id}-reason`}>
                Reason for the status change{' '}
                {needsStatusReason(booking, form.values.status) ? (
                  <span className="required" aria-hidden="true">
                    *
                  </span>
                ) : (
                  <span className="muted">(optional)</span>
                )}
              </label>
              <textarea
                id={`${id}-reason`}
                rows={2}
                maxLength={BOOKING_LIMITS.statusReason}
                value={form.values.statusReason}
                onChange={(e) => form.set('statusReason', e.target.value)}
                placeholder="Kept in the booking's timeline"
                aria-required={needsStatusReason(booking, form.values.status) || undefined}
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={reasonError ? `${id}-reason-error` : undefined}
              />
              {reasonError && (
                <p id={`${id}-reason-error`} className="field-error">
                  {reasonError}
                </p>
              )}
            </div>
          )}
          <div className="field">
            <label htmlFor={`${id}-flight`}>Flight</label>
            <input
              id={`${id}-flight`}
              type="text"
              maxLength={12}
              placeholder="UA 1542 (airport rides)"
              value={form.values.flightNumber}
              onChange={(e) => form.set('flightNumber', e.target.value)}
              aria-invalid={form.errors.flightNumber ? true : undefined}
              aria-describedby={form.errors.flightNumber ? `${id}-flight-error` : undefined}
            />
            {form.errors.flightNumber && (
              <p id={`${id}-flight-error`} className="field-error">
                {form.errors.flightNumber}
              </p>
            )}
          </div>
          {booking.flightNumber && flightDirection(booking) === 'arriving' && (
            <label className="checkbox">
              <input type="checkbox" checked={form.values.pickupPinned} onChange={(e) => form.set('pickupPinned', e.target.checked)} />
              Pin the pickup time (flight {booking.flightNumber} no longer moves it)
            </label>
          )}
          <div className="field">
            <label htmlFor={`${id}-notes`}>Admin notes</label>
            <textarea
              id={`${id}-notes`}
              rows={4}
              maxLength={2000}
              value={form.values.adminNotes}
              onChange={(e) => form.set('adminNotes', e.target.value)}
              placeholder="Internal notes about this booking"
              aria-invalid={notesError ? true : undefined}
              aria-describedby={notesError ? `${id}-notes-error` : undefined}
            />
            {notesError && (
              <p id={`${id}-notes-error`} className="field-error">
                {notesError}
              </p>
            )}
          </div>
        </div>
      </section>
      </form>
    </>
  );
}

export function BookingEditActions({ booking, idPrefix: id, onCancel }: { booking: Booking; idPrefix: string; onCancel: () => void }) {
  const saving = useIsMutating({ mutationKey: saveKey(booking) }) > 0;
  return (
    <>
      <button type="button" className="btn btn-outline" onClick={onCancel} disabled={saving}>
        Cancel
      </button>
      <button type="submit" form={`${id}-form`} className="btn btn-primary" disabled={saving}>
        {saving ? 'Saving...' : 'Save Changes'}
      </button>
    </>
  );
}
