import type { FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Vehicle } from '@limo/contracts';
import type { FormFields } from '../lib/forms/use-schema-form';
import { largestCapacity, QUICK_FORM_HOURS } from './contracts-lite';
import LocationInput from './LocationInput';
import { DateInput, Field, HoursSelect, PassengersSelect, PickupTimeField, TripTypeToggle } from './RideFields';
import type { RideForm } from './ride-form';

export interface QuickRideFieldsProps {
  heading: string;
  form: FormFields<RideForm>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onFocusCapture?: () => void;
}

/** The quick card's form: trip type, date, time, passengers, pickup and drop-off (one-way) or hours (hourly, 1-12). */
export function QuickRideFields({ heading, form, onSubmit, onFocusCapture }: QuickRideFieldsProps) {
  const { values: ride, errors, set } = form;
  // The home page lists the fleet anyway: the same query, so no second request.
  const vehicles = useQuery<Vehicle[]>({ queryKey: ['/api/vehicles'] });
  return (
    <form className="card quick-booking" ref={form.ref} onSubmit={onSubmit} onFocusCapture={onFocusCapture} noValidate aria-labelledby="quick-booking-title">
      <h2 id="quick-booking-title" className="quick-booking-title">
        {heading}
      </h2>
      <TripTypeToggle name="quick-trip-type" value={ride.tripType} onChange={(value) => set('tripType', value)} error={errors.tripType} />
      <div className="booking-row">
        <Field id="quick-pickup-date" label="Date" required error={errors.pickupDate}>
          <DateInput id="quick-pickup-date" value={ride.pickupDate} onChange={(v) => set('pickupDate', v)} error={errors.pickupDate} />
        </Field>
        <PickupTimeField id="quick-pickup-time" label="Time" date={ride.pickupDate} value={ride.pickupTime} onChange={(v) => set('pickupTime', v)} error={errors.pickupTime} />
      </div>
      <Field id="quick-passengers" label="Passengers" required error={errors.passengers}>
        <PassengersSelect
          id="quick-passengers"
          value={ride.passengers}
          max={largestCapacity(vehicles.data ?? [])}
          onChange={(v) => set('passengers', v)}
          error={errors.passengers}
        />
      </Field>
      <LocationInput
        id="quick-pickup-location"
        label="Pickup Location"
        required
        placeholder="Airport, hotel or address"
        value={ride.pickupLocation}
        onChange={(v) => set('pickupLocation', v)}
        error={errors.pickupLocation}
      />
      {ride.tripType === 'one-way' ? (
        <LocationInput
          id="quick-dropoff-location"
          label="Drop-off Location"
          required
          placeholder="Where are you going?"
          value={ride.dropoffLocation}
          onChange={(v) => set('dropoffLocation', v)}
          error={errors.dropoffLocation}
        />
      ) : (
        <Field id="quick-duration" label="Duration" required error={errors.duration}>
          <HoursSelect
            id="quick-duration"
            value={ride.duration}
            min={QUICK_FORM_HOURS.min}
            max={QUICK_FORM_HOURS.max}
            onChange={(v) => set('duration', v)}
            error={errors.duration}
          />
        </Field>
      )}
      <button type="submit" className="btn btn-gold quick-booking-submit">
        Continue Booking
      </button>
    </form>
  );
}
