import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Vehicle } from '@limo/contracts';
import { GuideText, PriceGuideNote } from '../../components/GuidePrice';
import { EmptyPanel, LoadingPanel } from '../../ui/StatePanels';
import { useDocumentMeta } from '../../lib/use-document-title';
import { AdminErrorPanel } from '../components/AuthErrorPanel';
import { VehicleCard } from './VehicleCard';
import { VehicleFormDialog, type VehicleDialogState } from './VehicleFormDialog';
import { VehicleSettingsDialog } from './VehicleSettingsDialog';

export default function AdminFleetPage() {
  useDocumentMeta('Manage Fleet', 'Vehicles of the fleet, their capacity, prices and status.');
  const vehicles = useQuery<Vehicle[]>({ queryKey: ['/api/vehicles'] });
  const [form, setForm] = useState<VehicleDialogState>(null);
  const [settingsId, setSettingsId] = useState<number | null>(null);
  const settingsVehicle = settingsId == null ? null : (vehicles.data?.find((v) => v.id === settingsId) ?? null);
  const closeForm = useCallback(() => setForm(null), []);
  const closeSettings = useCallback(() => setSettingsId(null), []);

  return (
    <section className="admin-page" aria-labelledby="fleet-heading">
      <header className="admin-page-header">
        <div>
          <h1 id="fleet-heading">Manage Fleet</h1>
          <p className="muted">
            Your vehicles, their capacity and what customers are quoted (<GuideText pick={(g) => g.includes} />; set on the <Link to="/admin/rates">Rates</Link> page).
          </p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setForm({ mode: 'add' })}>
          <span aria-hidden="true">+</span> Add Vehicle
        </button>
      </header>
      {vehicles.isLoading ? (
        <LoadingPanel label="Loading fleet..." />
      ) : vehicles.isError ? (
        <AdminErrorPanel title="Unable to Load Fleet Data" error={vehicles.error} />
      ) : !vehicles.data?.length ? (
        <EmptyPanel message="No vehicles available." />
      ) : (
        <>
          <PriceGuideNote errorOnly />
          <ul className="card-grid" aria-label="Vehicles">
          {vehicles.data.map((vehicle) => (
            <li key={vehicle.id}>
              <VehicleCard vehicle={vehicle} onEdit={() => setForm({ mode: 'edit', vehicle })} onSettings={() => setSettingsId(vehicle.id)} />
            </li>
            ))}
          </ul>
        </>
      )}
      <VehicleFormDialog state={form} onClose={closeForm} />
      <VehicleSettingsDialog vehicle={settingsVehicle} onClose={closeSettings} />
    </section>
  );
}
