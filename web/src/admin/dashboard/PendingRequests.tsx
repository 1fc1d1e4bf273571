import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Booking, Driver, DriverOption, PendingBookingRequest } from '@limo/contracts';
import { Countdown } from '../../ui/Countdown';
import { EmailAddress } from '../../ui/EmailAddress';
import { apiJson, serverMessage } from '../../lib/api';
import { formatDate, formatMoney, formatTime } from '../../lib/format';
import { useToast } from '../../lib/toast';
import { InlineError } from '../components/AuthErrorPanel';
import { driverFullName, formatPhone } from '../drivers/driver-format';
import { driverOptionLabel, driverOptionsPath } from './dispatch-format';
import { POLL } from './polling';

/** Cards shown at first, and added by each 'Show more': 24 requests at once made the dashboard 7,200 px tall. */
const PENDING_PAGE = 6;

/** What an assignment or a withdrawal changes on the dashboard. */
const AFTER_DISPATCH = ['/api/bookings/pending', '/api/admin/notifications', '/api/admin/stats', '/api/bookings'];

/**
 * Pending booking requests: a ride that needs a driver offers the on-duty drivers (each free, or
 * busy with the ride that overlaps) and Assign & Notify; a ride whose driver has yet to answer
 * shows who, the time left and Withdraw.
 */
export function PendingRequests() {
  const pending = useQuery<PendingBookingRequest[]>({ queryKey: ['/api/bookings/pending'], refetchInterval: POLL.pending });
  const drivers = useQuery<Driver[]>({ queryKey: ['/api/drivers'], refetchInterval: POLL.drivers });
  const names = new Map((drivers.data ?? []).map((d) => [d.id, driverFullName(d)]));
  const count = pending.data?.length ?? 0;
  const [limit, setLimit] = useState(PENDING_PAGE);
  const hidden = Math.max(0, count - limit);

  return (
    <section className="card dash-panel" aria-labelledby="pending-heading">
      <div className="section-head">
        <h2 id="pending-heading" className="section-title">
          Pending Booking Requests
        </h2>
        {count > 0 && <span className="badge badge-yellow">{count} pending</span>}
      </div>
      {pending.isLoading ? (
        <p className="inline-loading">Loading pending requests...</p>
      ) : pending.isError ? (
        <InlineError what="pending requests" error={pending.error} />
      ) : count === 0 ? (
        <p className="inline-empty">No pending booking requests</p>
      ) : (
        <>
          <ul className="pending-list">
            {pending.data!.slice(0, limit).map((request) => (
              <li key={request.id}>
                <PendingRequestCard request={request} driverName={request.driverId ? names.get(request.driverId) : undefined} />
              </li>
            ))}
          </ul>
          {count > PENDING_PAGE && (
            <p className="pending-more muted small" aria-live="polite">
              Showing {Math.min(limit, count)} of {count}.
              {hidden > 0 ? (
                <button type="button" className="btn btn-outline btn-sm" onClick={() => setLimit(limit + PENDING_PAGE)}>
                  Show {Math.min(PENDING_PAGE, hidden)} more
                </button>
              ) : (
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => setLimit(PENDING_PAGE)}>
                  Show fewer
                </button>
              )}
            </p>
          )}
        </>
      )}
    </section>
  );
}

function PendingRequestCard({ request, driverName }: { request: PendingBookingRequest; driverName?: string }) {
  const id = useId();
  const route = request.dropoffLocation ? `${request.pickupLocation} → ${request.dropoffLocation}` : `${request.pickupLocation} (hourly${request.duration ? `, ${request.duration} h` : ''})`;
  const awaiting = request.driverId !== null && request.driverResponse === 'pending';

  return (
    <article className="pending-card" aria-labelledby={`${id}-name`} data-testid={`pending-${request.reference}`}>
      <header className="pending-card-head">
        <h3 id={`${id}-name`}>{request.customerName}</h3>
        <span className="mono muted">{request.reference}</span>
      </header>
      <dl className="pending-facts">
        <div className="span-2">
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${request.customerEmail}`}>
              <EmailAddress email={request.customerEmail} />
            </a>
          </dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={`tel:${request.customerPhone}`} className="nowrap">
              {formatPhone(request.customerPhone)}
            </a>
          </dd>
        </div>
        <div className="span-2">
          <dt>Route</dt>
          <dd>{route}</dd>
        </div>
        <div>
          <dt>Date and time</dt>
          <dd>
            {formatDate(request.scheduledDate)} at {formatTime(request.scheduledTime)}
          </dd>
        </div>
        <div>
          <dt>Vehicle type</dt>
          <dd>{request.vehicleType ?? 'Not specified'}</dd>
        </div>
        <div>
          <dt>Passengers</dt>
          <dd>{request.passengers ?? 'Not specified'}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{formatMoney(request.totalAmount)}</dd>
        </div>
      </dl>
      {awaiting ? (
        <AwaitingAnswer request={request} driverName={driverName} />
      ) : (
        <AssignDriver request={request} idPrefix={id} />
      )}
    </article>
  );
}

function useDispatchMutation<T>(request: PendingBookingRequest, call: (arg: T) => Promise<Booking>, success: (arg: T) => { title: string; description: string }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const refresh = () => {
    for (const path of AFTER_DISPATCH) void queryClient.invalidateQueries({ queryKey: [path] });
    void queryClient.invalidateQueries({ queryKey: [driverOptionsPath(request.id)] });
  };
  return useMutation({
    mutationFn: call,
    onSuccess: (booking, arg) => {
      // The answer is the booking as it now stands: shown at once, then the list is fetched again.
      queryClient.setQueryData<PendingBookingRequest[]>(['/api/bookings/pending'], (list) =>
        list?.map((r) =>
          r.id === booking.id
            ? { ...r, driverId: booking.driverId, driverResponse: booking.driverResponse, assignedAt: booking.assignedAt, responseDeadline: booking.responseDeadline }
            : r,
        ),
      );
      toast(success(arg));
      refresh();
    },
    onError: (error) => {
      toast({ title: 'Dispatch Failed', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });
      refresh();
    },
  });
}

function AssignDriver({ request, idPrefix: id }: { request: PendingBookingRequest; idPrefix: string }) {
  const [driverId, setDriverId] = useState('');
  const options = useQuery<DriverOption[]>({ queryKey: [driverOptionsPath(request.id)], refetchInterval: POLL.drivers });
  const list = options.data ?? [];
  const assign = useDispatchMutation(
    request,
    (driver: number) => apiJson<Booking>('POST', `/api/admin/bookings/${request.id}/assign`, { driverId: driver }),
    (driver) => ({
      title: 'Driver Notified',
      description: `${list.find((o) => o.driverId === driver)?.name ?? 'The driver'} has been asked to take ${request.reference}.`,
    }),
  );
  // A driver who has gone off duty since being chosen is no longer offered.
  const chosenOption = list.find((o) => String(o.driverId) === driverId);
  const chosen = chosenOption ? driverId : '';
  const placeholder = options.isLoading ? 'Loading drivers...' : options.isError ? 'Drivers could not be loaded' : list.length ? 'Select an on-duty driver (best suggestion first)' : 'No drivers on duty';

  return (
    <div className="assign-row">
      <div className="field">
        <label htmlFor={`${id}-driver`}>Assign driver</label>
        <select id={`${id}-driver`} value={chosen} onChange={(e) => setDriverId(e.target.value)}>
          <option value="">{placeholder}</option>
          {list.map((option) => (
            <option key={option.driverId} value={option.driverId}>
              {driverOptionLabel(option)}
            </option>
          ))}
        </select>
        {/* Why the chosen driver is suggested where they are (the list is best first). */}
        {chosenOption?.reason && <p className="field-hint">{chosenOption.reason}</p>}
      </div>
      <button
        type="button"
        className="btn btn-primary"
        disabled={!chosen || assign.isPending}
        onClick={() => assign.mutate(Number(chosen))}
        aria-label={`Assign & Notify: ${request.reference}`}
      >
        {assign.isPending ? 'Assigning...' : 'Assign & Notify'}
      </button>
    </div>
  );
}

function AwaitingAnswer({ request, driverName }: { request: PendingBookingRequest; driverName?: string }) {
  const withdraw = useDispatchMutation(
    request,
    () => apiJson<Booking>('POST', `/api/admin/bookings/${request.id}/withdraw`),
    () => ({ title: 'Assignment Withdrawn', description: `${request.reference} is waiting for a driver again.` }),
  );
  return (
    <div className="awaiting-row" data-testid="awaiting-driver">
      <p className="awaiting-text">
        Waiting for <strong>{driverName ?? `driver #${request.driverId}`}</strong> to answer.{' '}
        <Countdown deadline={request.responseDeadline} label="Time left:" expiredText="The time to answer has passed." />
      </p>
      <button type="button" className="btn btn-outline" disabled={withdraw.isPending} onClick={() => withdraw.mutate(undefined)} aria-label={`Withdraw ${request.reference} from ${driverName ?? 'the driver'}`}>
        {withdraw.isPending ? 'Withdrawing...' : 'Withdraw'}
      </button>
    </div>
  );
}
