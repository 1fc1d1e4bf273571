import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Driver, PendingBookingRequest } from '@limo/contracts';
import { InlineError } from '../components/AuthErrorPanel';
import { driverFullName, formatPhone } from '../drivers/driver-format';
import { formatDate, formatMoney, formatTime } from '../../lib/format';
import { POLL } from './polling';

/** Pending booking requests with the on-duty driver choice; assigning arrives with driver dispatch. */
export function PendingRequests() {
  const pending = useQuery<PendingBookingRequest[]>({ queryKey: ['/api/bookings/pending'], refetchInterval: POLL.pending });
  const drivers = useQuery<Driver[]>({ queryKey: ['/api/drivers'], refetchInterval: POLL.drivers });
  const onDuty = (drivers.data ?? []).filter((d) => d.isOnDuty && d.isActive);
  const count = pending.data?.length ?? 0;

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
        <ul className="pending-list">
          {pending.data!.map((request) => (
            <li key={request.id}>
              <PendingRequestCard request={request} onDutyDrivers={onDuty} driversLoading={drivers.isLoading} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PendingRequestCard({
  request,
  onDutyDrivers,
  driversLoading,
}: {
  request: PendingBookingRequest;
  onDutyDrivers: Driver[];
  driversLoading: boolean;
}) {
  const id = useId();
  const [driverId, setDriverId] = useState('');
  const route = request.dropoffLocation ? `${request.pickupLocation} → ${request.dropoffLocation}` : `${request.pickupLocation} (hourly${request.duration ? `, ${request.duration} h` : ''})`;

  return (
    <article className="pending-card" aria-labelledby={`${id}-name`}>
      <header className="pending-card-head">
        <h3 id={`${id}-name`}>{request.customerName}</h3>
        <span className="mono muted">{request.reference}</span>
      </header>
      <dl className="pending-facts">
        <div className="span-2">
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${request.customerEmail}`}>{request.customerEmail}</a>
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
      <div className="assign-row">
        <div className="field">
          <label htmlFor={`${id}-driver`}>Assign driver</label>
          <select id={`${id}-driver`} value={driverId} onChange={(e) => setDriverId(e.target.value)}>
            <option value="">{driversLoading ? 'Loading drivers...' : onDutyDrivers.length ? 'Select an on-duty driver' : 'No drivers on duty'}</option>
            {onDutyDrivers.map((driver) => (
              <option key={driver.id} value={driver.id}>
                {driverFullName(driver)} ({driver.username})
              </option>
            ))}
          </select>
        </div>
        <span className="tooltip-wrap">
          <button
            type="button"
            className="btn btn-primary"
            aria-disabled="true"
            aria-describedby={`${id}-assign-tip`}
            onClick={(e) => e.preventDefault()}
          >
            Assign &amp; Notify
          </button>
          <span id={`${id}-assign-tip`} role="tooltip" className="tooltip">
            Driver assignment arrives with driver dispatch.
          </span>
        </span>
      </div>
    </article>
  );
}
