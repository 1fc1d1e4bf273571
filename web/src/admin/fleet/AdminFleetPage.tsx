import { useQuery } from '@tanstack/react-query';
import type { Vehicle } from '@limo/contracts';
import { EmptyPanel, ErrorPanel, LoadingPanel } from '../../components/StatePanels';
import { useDocumentMeta } from '../../lib/use-document-title';
import { VehicleCard } from './VehicleCard';

export default function AdminFleetPage() {
  useDocumentMeta('Manage Fleet', 'Vehicles of the fleet, their capacity, rates and status.');
  const vehicles = useQuery<Vehicle[]>({ queryKey: ['/api/vehicles'] });

  return (
    <section className="admin-page" aria-labelledby="fleet-heading">
      <header className="admin-page-header">
        <div>
          <h1 id="fleet-heading">Manage Fleet</h1>
          <p className="muted">Your vehicles, their capacity and base rates.</p>
        </div>
      </header>
      {vehicles.isLoading ? (
        <LoadingPanel label="Loading fleet..." />
      ) : vehicles.isError ? (
        <ErrorPanel
          title="Unable to Load Fleet Data"
          error={vehicles.error}
          hint="This may be an authentication issue: log in again if your session expired."
        />
      ) : !vehicles.data?.length ? (
        <EmptyPanel message="No vehicles available." />
      ) : (
        <ul className="card-grid" aria-label="Vehicles">
          {vehicles.data.map((vehicle) => (
            <li key={vehicle.id}>
              <VehicleCard vehicle={vehicle} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
