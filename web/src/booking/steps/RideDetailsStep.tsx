import type { Vehicle } from '@limo/contracts';
import type { FormFields } from '../../lib/forms/use-schema-form';
import type { QuoteState } from '../use-quote';
import { BOOKING_LIMITS, largestCapacity, largestLuggageCapacity, vehiclesSeating, WIZARD_HOURS } from '../contracts-lite';
import { RETURN_TRIP_MESSAGES } from '@limo/contracts/booking/round-trip-rules';
import type { RideForm } from '../ride-form';
import LocationInput from '../LocationInput';
import { DateInput, Field, HoursSelect, LuggageSelect, PassengersSelect, PickupTimeField, TripTypeToggle } from '../RideFields';
import { ReturnTripFields } from '../ReturnTripFields';
import { VehicleChoice } from '../VehicleChoice';
import { CharacterCount } from '../CharacterCount';
import { FlightField } from '../FlightField';
import { flightDirection, rideTouchesAirport } from '@limo/contracts/booking/flight-rules';

export interface RideDetailsStepProps {
  idPrefix: string;
  form: FormFields<RideForm>;
  /** The fleet (GET /api/vehicles): the passenger and luggage choices and the vehicles that fit them. */
  vehicles: Vehicle[];
  /** Why the chosen vehicle changed, when the wizard changed it. */
  vehicleNote?: string;
  /** The server's quote of the ride as typed: each vehicle's price, and why a return cannot be booked. */
  quote: QuoteState;
  /** Roundtrip Relax's discount on the return, from the rate table. */
  returnPercent?: number;
  /** The chosen vehicle's minimum hours from the rate table (what a shorter hourly ride is charged). */
  minimumHours?: number;
}

const RETURN_PROBLEMS: readonly string[] = Object.values(RETURN_TRIP_MESSAGES);

/** Step 1: trip type, date, time, passengers, luggage and vehicle, pickup, drop-off or hours, stops and special requests. */
export function RideDetailsStep({ idPrefix, form, vehicles, vehicleNote, quote, returnPercent, minimumHours }: RideDetailsStepProps) {
  const problem = quote.problem?.message;
  const returnProblem = problem && RETURN_PROBLEMS.includes(problem) ? problem : undefined;
  const { values: ride, errors } = form;
  const id = (name: string) => `${idPrefix}-${name}`;
  const onChange = form.set;
  // Counted as the server counts it (trimmed).
  const requestsLength = ride.specialRequests.trim().length;
  const tooLong = requestsLength > BOOKING_LIMITS.specialRequests;
  const setStop = (index: number, value: string) => onChange('waypoints', ride.waypoints.map((stop, i) => (i === index ? value : stop)));
  return (
    <div className="wizard-fields" ref={form.ref}>
      <TripTypeToggle name={id('trip-type')} value={ride.tripType} onChange={(v) => onChange('tripType', v)} error={errors.tripType} />
      <div className="booking-row">
        <Field id={id('pickup-date')} label="Pickup Date" required error={errors.pickupDate}>
          <DateInput id={id('pickup-date')} value={ride.pickupDate} onChange={(v) => onChange('pickupDate', v)} error={errors.pickupDate} />
        </Field>
        <PickupTimeField id={id('pickup-time')} label="Pickup Time" date={ride.pickupDate} value={ride.pickupTime} onChange={(v) => onChange('pickupTime', v)} error={errors.pickupTime} />
      </div>
      <div className="booking-row">
        <Field id={id('passengers')} label="Passengers" required error={errors.passengers}>
          <PassengersSelect id={id('passengers')} value={ride.passengers} max={largestCapacity(vehicles)} onChange={(v) => onChange('passengers', v)} error={errors.passengers} />
        </Field>
        <Field id={id('luggage')} label="Luggage" error={errors.luggage}>
          <LuggageSelect id={id('luggage')} value={ride.luggage} max={largestLuggageCapacity(vehicles)} onChange={(v) => onChange('luggage', v)} error={errors.luggage} />
        </Field>
      </div>
      <VehicleChoice
        name={id('vehicle')}
        vehicles={vehiclesSeating(vehicles, ride.passengers, ride.luggage)}
        value={ride.vehicleId}
        prices={quote.data?.vehicles}
        updating={quote.updating}
        roundTrip={quote.data?.returnQuote != null}
        onChange={(v) => onChange('vehicleId', v)}
        error={errors.vehicleId}
        note={vehicleNote}
      />
      {problem && !returnProblem && (
        <p className="wizard-note" role="status" data-testid="quote-problem" tabIndex={-1}>
          {problem}
        </p>
      )}
      <LocationInput
        id={id('pickup-location')}
        label="Pickup Location"
        required
        allowCurrentLocation
        placeholder="Airport, hotel or address"
        value={ride.pickupLocation}
        onChange={(v) => onChange('pickupLocation', v)}
        error={errors.pickupLocation}
      />
      <fieldset className="wizard-stops">
        <legend>Stops along the way</legend>
        {ride.waypoints.map((stop, index) => (
          <div className="wizard-stop" key={index}>
            <LocationInput
              id={id(`waypoint-${index}`)}
              label={`Stop ${index + 1}`}
              value={stop}
              onChange={(v) => setStop(index, v)}
              error={errors[`waypoints.${index}`]}
            />
            <button
              type="button"
              className="btn btn-outline btn-sm"
              aria-label={`Remove stop ${index + 1}`}
              onClick={() => onChange('waypoints', ride.waypoints.filter((_, i) => i !== index))}
            >
              Remove
            </button>
          </div>
        ))}
        {errors.waypoints && (
          <p className="field-error" role="alert">
            {errors.waypoints}
          </p>
        )}
        {/* decisions.md: the final price is the quote plus extra stops, settled after the ride: said before the customer books with one. */}
        {ride.waypoints.length > 0 && (
          <p className="field-hint" data-testid="stops-priced-after">
            Your quote covers the ride from pickup to drop-off. Each stop is added to the final price after the ride, as your chauffeur records it.
          </p>
        )}
        {ride.waypoints.length < BOOKING_LIMITS.waypoints && (
          <button type="button" className="btn btn-outline btn-sm" onClick={() => onChange('waypoints', [...ride.waypoints, ''])}>
            + Add a stop
          </button>
        )}
      </fieldset>
      {ride.tripType === 'one-way' ? (
        <LocationInput
          id={id('dropoff-location')}
          label="Drop-off Location"
          required
          placeholder="Where are you going?"
          value={ride.dropoffLocation}
          onChange={(v) => onChange('dropoffLocation', v)}
          error={errors.dropoffLocation}
        />
      ) : (
        <Field id={id('duration')} label="Duration" required error={errors.duration} hint={minimumHours ? `This vehicle has a ${minimumHours}-hour minimum charge.` : undefined}>
          <HoursSelect
            id={id('duration')}
            value={ride.duration}
            min={WIZARD_HOURS.min}
            max={WIZARD_HOURS.max}
            onChange={(v) => onChange('duration', v)}
            error={errors.duration}
          />
        </Field>
      )}
      {rideTouchesAirport(ride) && (
        <FlightField
          id={id('flight-number')}
          direction={flightDirection(ride)}
          value={ride.flightNumber}
          onChange={(v) => onChange('flightNumber', v)}
          error={errors.flightNumber}
        />
      )}
      {ride.tripType === 'one-way' && (
        <ReturnTripFields
          idPrefix={idPrefix}
          form={form}
          problem={returnProblem}
          discountPercent={returnPercent}
        />
      )}
      <Field id={id('special-requests')} label="Special Requests" error={errors.specialRequests}>
        {/* No maxLength: a paste longer than the limit stays whole, and the count says by how much it is over. */}
        <textarea
          id={id('special-requests')}
          rows={3}
          placeholder="A sign with a name, skis or a golf bag..."
          value={ride.specialRequests}
          onChange={(event) => onChange('specialRequests', event.target.value)}
          aria-invalid={tooLong || errors.specialRequests ? true : undefined}
          aria-describedby={[errors.specialRequests && `${id('special-requests')}-error`, id('special-requests-count')].filter(Boolean).join(' ')}
        />
        <CharacterCount id={id('special-requests-count')} length={requestsLength} max={BOOKING_LIMITS.specialRequests} label="special requests" />
      </Field>
    </div>
  );
}
