import type { Vehicle } from '@limo/contracts';
import type { FormFields } from '../../lib/forms/use-schema-form';
import { largestCapacity, WIZARD_HOURS } from '../../booking/contracts-lite';
import { TIME_SLOTS, formatTime12h, hourChoices, hoursLabel } from '../../booking/time-slots';
import type { BookingDraft } from './booking-format';

/** The half-hour slots, and the pickup's own time when its arriving flight set it off the half hour. */
function timeChoices(current: string) {
  if (TIME_SLOTS.some((slot) => slot.value === current) || !/^\d{2}:\d{2}$/.test(current)) return TIME_SLOTS;
  return [{ value: current, label: `${formatTime12h(current)} (set by the flight)` }, ...TIME_SLOTS];
}

/**
 * The ride in the booking dialog's edit mode: date, time, places, trip type, hours, passengers
 * and vehicle. Saving a change re-prices the booking on the server (its old quote stays in the
 * timeline); a ride with a driver must still fit around the driver's other rides.
 */
export function RideEditFields({ form, idPrefix: id, vehicles }: { form: FormFields<BookingDraft>; idPrefix: string; vehicles: Vehicle[] }) {
  const { values: ride, errors, set } = form;
  const field = (name: string) => `${id}-ride-${name}`;
  const invalid = (name: keyof BookingDraft) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${field(name)}-error` } : {};
  const message = (name: keyof BookingDraft) =>
    errors[name] && (
      <p id={`${field(name)}-error`} className="field-error">
        {errors[name]}
      </p>
    );
  const inService = vehicles.filter((v) => v.isActive || v.id === ride.original.vehicleId);
  return (
    <section className="dialog-section" aria-labelledby={`${id}-ride`}>
      <h3 id={`${id}-ride`}>Ride</h3>
      <p className="muted small">Changing the ride re-prices the booking when you save.</p>
      <div className="form-grid ride-edit-grid">
        <div className="field">
          <label htmlFor={field('trip-type')}>Trip type</label>
          <select id={field('trip-type')} value={ride.tripType} onChange={(e) => set('tripType', e.target.value as BookingDraft['tripType'])}>
            <option value="one-way">One Way</option>
            <option value="hourly">Hourly</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={field('date')}>Pickup date</label>
          <input id={field('date')} type="date" value={ride.pickupDate} onChange={(e) => set('pickupDate', e.target.value)} {...invalid('pickupDate')} />
          {message('pickupDate')}
        </div>
        <div className="field">
          <label htmlFor={field('time')}>Pickup time</label>
          <select id={field('time')} value={ride.pickupTime} onChange={(e) => set('pickupTime', e.target.value)} {...invalid('pickupTime')}>
            {timeChoices(ride.pickupTime).map((slot) => (
              <option key={slot.value} value={slot.value}>
                {slot.label}
              </option>
            ))}
          </select>
          {message('pickupTime')}
        </div>
        <div className="field span-2">
          <label htmlFor={field('pickup')}>Pickup</label>
          <input id={field('pickup')} value={ride.pickupLocation} onChange={(e) => set('pickupLocation', e.target.value)} {...invalid('pickupLocation')} />
          {message('pickupLocation')}
        </div>
        {ride.tripType === 'one-way' ? (
          <div className="field span-2">
            <label htmlFor={field('dropoff')}>Drop-off</label>
            <input id={field('dropoff')} value={ride.dropoffLocation} onChange={(e) => set('dropoffLocation', e.target.value)} {...invalid('dropoffLocation')} />
            {message('dropoffLocation')}
          </div>
        ) : (
          <div className="field">
            <label htmlFor={field('duration')}>Hours</label>
            <select id={field('duration')} value={ride.duration} onChange={(e) => set('duration', Number(e.target.value))} {...invalid('duration')}>
              {hourChoices(1, WIZARD_HOURS.max).map((h) => (
                <option key={h} value={h}>
                  {hoursLabel(h)}
                </option>
              ))}
            </select>
            {message('duration')}
          </div>
        )}
        <div className="field">
          <label htmlFor={field('passengers')}>Passengers</label>
          <select id={field('passengers')} value={ride.passengers} onChange={(e) => set('passengers', Number(e.target.value))} {...invalid('passengers')}>
            {hourChoices(1, Math.max(largestCapacity(vehicles), ride.passengers)).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          {message('passengers')}
        </div>
        <div className="field">
          <label htmlFor={field('vehicle')}>Vehicle</label>
          <select id={field('vehicle')} value={ride.vehicleId} onChange={(e) => set('vehicleId', Number(e.target.value))} {...invalid('vehicleId')}>
            {inService.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name} (seats {v.capacity}{v.luggageCapacity !== undefined && `, ${v.luggageCapacity} bags`}){v.isActive ? '' : ', out of service'}
              </option>
            ))}
          </select>
          {message('vehicleId')}
        </div>
      </div>
    </section>
  );
}
