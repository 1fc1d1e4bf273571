import type { Vehicle, VehiclePrice } from '@limo/contracts';
import { bagsText, holdsLuggage } from './contracts-lite';
import { formatMoney } from './format';

/** The wizard put the party in another vehicle than the one chosen (see vehicleSwapNote). */
export interface VehicleSwap {
  /** The vehicle that was chosen (undefined: no longer in the fleet). */
  from?: Vehicle;
  to: Vehicle;
  passengers: number;
  luggage: number;
}

/** Which vehicle the wizard chose instead, and why, in the customer's words. */
export function vehicleSwapNote({ from, to, passengers, luggage }: VehicleSwap): string {
  const party = `${passengers} ${passengers === 1 ? 'passenger' : 'passengers'}`;
  if (from?.isActive && from.capacity < passengers) {
    return `The ${from.name} seats up to ${from.capacity} passengers, so we chose the ${to.name} (up to ${to.capacity}) for your ${party}.`;
  }
  if (from?.isActive && !holdsLuggage(from, luggage)) {
    return `The ${from.name} holds up to ${from.luggageCapacity} bags, so we chose the ${to.name} (up to ${to.luggageCapacity}) for your ${bagsText(luggage).toLowerCase()}.`;
  }
  return `The ${from ? from.name : 'vehicle you chose'} is not available, so we chose the ${to.name} for your ${party}.`;
}

export interface VehicleChoiceProps {
  name: string;
  /** The vehicles in service that seat the party and hold its luggage. */
  vehicles: Vehicle[];
  value: number;
  /** Each vehicle's price for the ride as entered (and its return), from the server's quote. */
  prices?: VehiclePrice[];
  /** The prices are for the ride as it was a moment ago: a newer quote is on its way. */
  updating?: boolean;
  /** The prices are for both legs of a round trip. */
  roundTrip?: boolean;
  onChange: (vehicleId: number) => void;
  error?: string;
  /** Said above the choices: why the chosen vehicle changed. */
  note?: string;
}

/** Step 1's vehicle: each one that seats the party and holds its bags, with its seats, luggage room, features and its price for the ride. */
export function VehicleChoice({ name, vehicles, value, prices, updating = false, roundTrip = false, onChange, error, note }: VehicleChoiceProps) {
  return (
    <fieldset className="field vehicle-choice">
      <legend>Vehicle</legend>
      {note && (
        <p className="wizard-note" role="status" data-testid="vehicle-swap-note">
          {note}
        </p>
      )}
      {vehicles.length === 0 && <p className="field-hint">No vehicle in service takes this many passengers and bags. Please call us.</p>}
      <div className="vehicle-options">
        {vehicles.map((vehicle) => {
          const price = prices?.find((p) => p.vehicleId === vehicle.id);
          return (
            <label key={vehicle.id} className={`vehicle-option${vehicle.id === value ? ' selected' : ''}`} data-testid={`vehicle-${vehicle.id}`}>
              <input type="radio" name={name} value={vehicle.id} checked={vehicle.id === value} onChange={() => onChange(vehicle.id)} />
              <span className="vehicle-option-name">{vehicle.name}</span>
              <span className="vehicle-option-seats">
                Up to {vehicle.capacity} passengers{vehicle.luggageCapacity !== undefined && `, ${vehicle.luggageCapacity} bags`}
              </span>
              {vehicle.features.length > 0 && <span className="vehicle-option-features">{vehicle.features.slice(0, 3).join(' · ')}</span>}
              <span className={`vehicle-option-price${updating ? ' updating' : ''}`} data-testid={`vehicle-price-${vehicle.id}`}>
                {price ? `${formatMoney(price.total)}${roundTrip ? ' round trip' : ''}${price.toBeConfirmed ? ' (to be confirmed)' : ''}` : 'Price shown once the route is entered'}
              </span>
            </label>
          );
        })}
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
