import type { Vehicle } from '@limo/contracts';
import { signed } from './QuoteLines';

export interface VehicleChoiceProps {
  name: string;
  /** The vehicles in service that seat the party. */
  vehicles: Vehicle[];
  value: number;
  /** Per vehicle id, its fare's difference from vehicle 1's ("0.00" for vehicle 1). */
  differences: Map<number, string>;
  onChange: (vehicleId: number) => void;
  error?: string;
}

/** Step 1's vehicle: each one that seats the party, with its seats, features and price difference. */
export function VehicleChoice({ name, vehicles, value, differences, onChange, error }: VehicleChoiceProps) {
  return (
    <fieldset className="field vehicle-choice">
      <legend>Vehicle</legend>
      {vehicles.length === 0 && <p className="field-hint">No vehicle in service seats this many passengers. Please call us.</p>}
      <div className="vehicle-options">
        {vehicles.map((vehicle) => {
          const difference = differences.get(vehicle.id) ?? '0.00';
          return (
            <label key={vehicle.id} className={`vehicle-option${vehicle.id === value ? ' selected' : ''}`} data-testid={`vehicle-${vehicle.id}`}>
              <input type="radio" name={name} value={vehicle.id} checked={vehicle.id === value} onChange={() => onChange(vehicle.id)} />
              <span className="vehicle-option-name">{vehicle.name}</span>
              <span className="vehicle-option-seats">Up to {vehicle.capacity} passengers</span>
              {vehicle.features.length > 0 && <span className="vehicle-option-features">{vehicle.features.slice(0, 3).join(' · ')}</span>}
              <span className="vehicle-option-price">{difference === '0.00' ? 'Standard fare' : `${signed(difference)} on the fare`}</span>
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
