import type { Vehicle } from '@limo/contracts';
import { countOf } from '../../lib/format';
import { categoryLabel, featureSummary } from './fleet-format';
import { VehiclePrices } from './VehiclePrices';

export function VehicleCard({ vehicle, onEdit, onSettings }: { vehicle: Vehicle; onEdit?: () => void; onSettings?: () => void }) {
  const { shown, more } = featureSummary(vehicle.features);
  return (
    <article className="card flex-card vehicle-card" aria-labelledby={`vehicle-${vehicle.id}`}>
      <header className="card-header">
        <h2 id={`vehicle-${vehicle.id}`} className="card-title">
          {vehicle.name}
        </h2>
        <span className={`badge ${vehicle.isActive ? 'badge-green' : 'badge-gray'}`}>{vehicle.isActive ? 'Active' : 'Inactive'}</span>
      </header>
      <dl className="facts">
        <div>
          <dt>Type</dt>
          <dd>{vehicle.description}</dd>
        </div>
        <div>
          <dt>Category</dt>
          <dd>{categoryLabel(vehicle.category)}</dd>
        </div>
        <div>
          <dt>Capacity</dt>
          <dd>{countOf(vehicle.capacity, 'passenger')}</dd>
        </div>
        {vehicle.luggageCapacity !== undefined && (
          <div>
            <dt>Luggage</dt>
            <dd>{vehicle.luggageCapacity} bags</dd>
          </div>
        )}
        <VehiclePrices vehicle={vehicle} />
      </dl>
      {shown.length > 0 && (
        <ul className="chips" aria-label="Features">
          {shown.map((feature) => (
            <li key={feature} className="chip">
              {feature}
            </li>
          ))}
          {more > 0 && <li className="chip chip-muted">+{more} more</li>}
        </ul>
      )}
      {(onEdit || onSettings) && (
        <div className="card-actions">
          {onEdit && (
            <button type="button" className="btn btn-outline btn-sm" onClick={onEdit} aria-label={`Edit ${vehicle.name}`}>
              Edit
            </button>
          )}
          {onSettings && (
            <button type="button" className="btn btn-outline btn-sm" onClick={onSettings} aria-label={`Settings for ${vehicle.name}`}>
              Settings
            </button>
          )}
        </div>
      )}
    </article>
  );
}
