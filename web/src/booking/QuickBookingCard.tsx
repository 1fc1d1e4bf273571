import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { QUICK_FORM_HOURS } from './contracts-lite';
import { validate, type FieldErrors } from './form-errors';
import LocationInput from './LocationInput';
import { savePrefill } from './prefill';
import { DateInput, Field, HoursSelect, TimeSelect, TripTypeToggle } from './RideFields';
import { emptyRide, quickRideInput, type RideForm } from './ride-form';
import './booking.css';

/**
 * The contract schemas (and zod) load on first use of the card, not with the home page: most
 * visitors never touch the form, and every one of them downloads the page.
 */
const loadSchemas = () => import('./booking-contracts');

/**
 * The home page's quick booking card: trip type, date, time, pickup and drop-off (one-way) or
 * hours (hourly, 1-12). A valid ride is handed to the wizard through session storage, which then
 * opens at step 2.
 */
export default function QuickBookingCard({ heading = 'Book Your Ride' }: { heading?: string }) {
  const navigate = useNavigate();
  const [ride, setRide] = useState<RideForm>(() => emptyRide('one-way', 3));
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof RideForm>(key: K, value: RideForm[K]) => {
    setRide((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { QuickRideDetails } = await loadSchemas();
    const result = validate(QuickRideDetails, quickRideInput(ride));
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    savePrefill(result.data);
    navigate('/booking?prefill=true');
  };

  return (
    <form
      className="card quick-booking"
      onSubmit={submit}
      onFocusCapture={() => void loadSchemas().catch(() => {})}
      noValidate
      aria-labelledby="quick-booking-title"
    >
      <h2 id="quick-booking-title" className="quick-booking-title">
        {heading}
      </h2>
      <TripTypeToggle name="quick-trip-type" value={ride.tripType} onChange={(value) => set('tripType', value)} error={errors.tripType} />
      <div className="booking-row">
        <Field id="quick-pickup-date" label="Date" required error={errors.pickupDate}>
          <DateInput id="quick-pickup-date" value={ride.pickupDate} onChange={(v) => set('pickupDate', v)} error={errors.pickupDate} />
        </Field>
        <Field id="quick-pickup-time" label="Time" required error={errors.pickupTime}>
          <TimeSelect id="quick-pickup-time" value={ride.pickupTime} onChange={(v) => set('pickupTime', v)} error={errors.pickupTime} />
        </Field>
      </div>
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
