import type { FormFields } from '../lib/forms/use-schema-form';
import type { RideForm } from './ride-form';
import LocationInput from './LocationInput';
import { DateInput, Field, TimeSelect } from './RideFields';
import { FlightField } from './FlightField';
import { flightDirection } from '@limo/contracts/booking/flight-rules';
import { returnTouchesAirport } from './ride-input';

export interface ReturnTripFieldsProps {
  idPrefix: string;
  form: FormFields<RideForm>;
  /** Why the return cannot be booked as entered (the server's answer to the quote). */
  problem?: string;
  /** Roundtrip Relax's discount on the return, once the rate table is known. */
  discountPercent?: number;
}

/** Step 1 of a one-way ride: book the return too (Roundtrip Relax), its date, time and pickup. */
export function ReturnTripFields({ idPrefix, form, problem, discountPercent }: ReturnTripFieldsProps) {
  const { values: ride, errors, set } = form;
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <fieldset className="wizard-return">
      <legend>Return trip</legend>
      <label className="checkbox">
        <input type="checkbox" checked={ride.returnTrip} onChange={(e) => set('returnTrip', e.target.checked)} data-testid="return-trip" />
        Book the return too{discountPercent !== undefined && ` (Roundtrip Relax: ${discountPercent}% off the return)`}
      </label>
      {ride.returnTrip && (
        <>
          <div className="booking-row">
            <Field id={id('return-date')} label="Return Date" required error={errors['returnTrip.pickupDate']}>
              <DateInput id={id('return-date')} value={ride.returnDate} onChange={(v) => set('returnDate', v)} error={errors['returnTrip.pickupDate']} />
            </Field>
            <Field id={id('return-time')} label="Return Time" required error={errors['returnTrip.pickupTime']}>
              <TimeSelect id={id('return-time')} date={ride.returnDate} value={ride.returnTime} onChange={(v) => set('returnTime', v)} error={errors['returnTrip.pickupTime']} />
            </Field>
          </div>
          <LocationInput
            id={id('return-pickup')}
            label="Return Pickup"
            placeholder={ride.dropoffLocation.trim() || 'Where we pick you up for the return'}
            value={ride.returnPickup}
            onChange={(v) => set('returnPickup', v)}
            error={errors['returnTrip.pickupLocation']}
          />
          <p className="field-hint">Left blank, we pick you up where the first ride ends. The return takes you back to your pickup.</p>
          {returnTouchesAirport(ride) && (
            <FlightField
              id={id('return-flight-number')}
              leg="Return"
              direction={flightDirection({ pickupLocation: ride.returnPickup.trim() || ride.dropoffLocation })}
              value={ride.returnFlightNumber}
              onChange={(v) => set('returnFlightNumber', v)}
              error={errors['returnTrip.flightNumber']}
            />
          )}
        </>
      )}
      {problem && (
        <p className="field-error" role="alert" data-testid="return-problem" tabIndex={-1}>
          {problem}
        </p>
      )}
    </fieldset>
  );
}
