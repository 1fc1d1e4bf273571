import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Driver } from '@limo/contracts';
import { Avatar } from '../../ui/Avatar';
import { EmailAddress } from '../../ui/EmailAddress';
import { EmptyPanel, LoadingPanel } from '../../ui/StatePanels';
import { apiJson, serverMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { useDocumentMeta } from '../../lib/use-document-title';
import { AdminErrorPanel } from '../components/AuthErrorPanel';
import { DriverEditDialog } from './DriverEditDialog';
import { useDriverPhotoUrl } from './driver-photo';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { driverFullName, formatPhone, formatRating } from './driver-format';
import './drivers.css';

export default function AdminDriversPage() {
  useDocumentMeta('Manage Drivers', 'Chauffeurs, their contact details, duty status and ratings.');
  const drivers = useQuery<Driver[]>({ queryKey: ['/api/drivers'] });
  const [editing, setEditing] = useState<number | null>(null);
  const [resetting, setResetting] = useState<number | null>(null);
  const editDriver = editing == null ? null : (drivers.data?.find((d) => d.id === editing) ?? null);
  const resetDriver = resetting == null ? null : (drivers.data?.find((d) => d.id === resetting) ?? null);
  const close = useCallback(() => setEditing(null), []);
  const closeReset = useCallback(() => setResetting(null), []);

  return (
    <section className="admin-page" aria-labelledby="drivers-heading">
      <header className="admin-page-header">
        <div>
          <h1 id="drivers-heading">Manage Drivers</h1>
          <p className="muted">Your chauffeurs, their duty status and ratings.</p>
        </div>
        <Link to="/admin/register-driver" className="btn btn-primary">
          <span aria-hidden="true">+</span> Add Driver
        </Link>
      </header>
      {drivers.isLoading ? (
        <LoadingPanel label="Loading drivers..." />
      ) : drivers.isError ? (
        <AdminErrorPanel title="Unable to Load Driver Data" error={drivers.error} />
      ) : !drivers.data?.length ? (
        <EmptyPanel message="No drivers registered yet." />
      ) : (
        <ul className="card-grid" aria-label="Drivers">
          {drivers.data.map((driver) => (
            <li key={driver.id}>
              <DriverCard driver={driver} onEdit={() => setEditing(driver.id)} onResetPassword={() => setResetting(driver.id)} />
            </li>
          ))}
        </ul>
      )}
      <DriverEditDialog driver={editDriver} onClose={close} />
      <ResetPasswordDialog driver={resetDriver} onClose={closeReset} />
    </section>
  );
}

function DriverCard({ driver, onEdit, onResetPassword }: { driver: Driver; onEdit: () => void; onResetPassword: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const name = driverFullName(driver);
  const photoUrl = useDriverPhotoUrl(driver);
  const toggle = useMutation({
    mutationFn: () => apiJson<Driver>('POST', `/api/admin/drivers/${driver.id}/toggle-duty`),
    onSuccess: (updated) => {
      queryClient.setQueryData<Driver[]>(['/api/drivers'], (list) => list?.map((d) => (d.id === updated.id ? updated : d)));
      void queryClient.invalidateQueries({ queryKey: ['/api/drivers'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/drivers/locations'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/stats'] });
      toast({ title: updated.isOnDuty ? 'Driver On Duty' : 'Driver Off Duty', description: `${name} is now ${updated.isOnDuty ? 'on' : 'off'} duty.` });
    },
    onError: (error) => {
      toast({ title: 'Duty Change Failed', description: serverMessage(error) ?? 'Failed to change duty status. Please try again.', variant: 'destructive' });
    },
  });
  const approve = useMutation({
    mutationFn: () => apiJson<Driver>('PATCH', `/api/admin/drivers/${driver.id}`, { isActive: true }),
    onSuccess: (updated) => {
      // The card shows the approval at once (the answer is the driver as saved), then the list is fetched again.
      queryClient.setQueryData<Driver[]>(['/api/drivers'], (list) => list?.map((d) => (d.id === updated.id ? updated : d)));
      void queryClient.invalidateQueries({ queryKey: ['/api/drivers'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/stats'] });
      toast({ title: 'Driver Approved', description: `${name} can now log in and accept rides.` });
    },
    onError: (error) => {
      toast({ title: 'Approval Failed', description: serverMessage(error) ?? 'Failed to approve the driver. Please try again.', variant: 'destructive' });
    },
  });
  const headingId = `driver-${driver.id}-name`;

  return (
    <article className="card flex-card driver-card" aria-labelledby={headingId} data-testid={`driver-${driver.username}`}>
      <header className="card-header">
        <div className="driver-id">
          <Avatar firstName={driver.firstName} lastName={driver.lastName} photoUrl={photoUrl} />
          <div>
            <h2 id={headingId} className="card-title">
              {name}
            </h2>
            <p className="muted mono small">@{driver.username}</p>
          </div>
        </div>
        <div className="driver-badges">
          <span className={`badge ${driver.isOnDuty ? 'badge-green' : 'badge-gray'}`}>{driver.isOnDuty ? 'On Duty' : 'Off Duty'}</span>
          {!driver.isActive && <span className="badge badge-yellow">Awaiting approval</span>}
        </div>
      </header>
      <dl className="facts">
        <div className="span-2">
          <dt>Email</dt>
          <dd>
            <EmailAddress email={driver.email} />
          </dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd className="nowrap">{formatPhone(driver.phone)}</dd>
        </div>
        <div>
          <dt>License</dt>
          <dd>{driver.licenseNumber}</dd>
        </div>
        <div>
          <dt>Car</dt>
          <dd>
            <DriverCar colour={driver.vehicleColour} plate={driver.vehiclePlate} />
          </dd>
        </div>
        <div>
          <dt>Username</dt>
          <dd className="mono">{driver.username}</dd>
        </div>
        <div>
          <dt>Rating</dt>
          <dd>
            <span aria-hidden="true" className="star">
              ★
            </span>{' '}
            {formatRating(driver.rating)} / 5.0
          </dd>
        </div>
        <div>
          <dt>Total rides</dt>
          <dd>{driver.totalRides}</dd>
        </div>
      </dl>
      <div className="card-actions">
        <button type="button" className="btn btn-outline btn-sm" onClick={onEdit} aria-label={`Edit ${name}`}>
          Edit
        </button>
        {/* A driver awaiting approval cannot go on duty (the server refuses): Approve comes first. */}
        {driver.isActive && (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => toggle.mutate()}
            disabled={toggle.isPending}
            aria-label={`Toggle duty for ${name} (now ${driver.isOnDuty ? 'on' : 'off'} duty)`}
          >
            {toggle.isPending ? 'Updating...' : 'Toggle Duty'}
          </button>
        )}
        <button type="button" className="btn btn-outline btn-sm" onClick={onResetPassword} aria-label={`Reset Password for ${name}`}>
          Reset Password
        </button>
        {!driver.isActive && (
          <button type="button" className="btn btn-gold btn-sm" onClick={() => approve.mutate()} disabled={approve.isPending}>
            {approve.isPending ? 'Approving...' : 'Approve'}
          </button>
        )}
      </div>
    </article>
  );
}

/** The car the driver drives: "Silver · 7ABC-123" (the plate never broken at its hyphen), either part alone, or "Not set". */
function DriverCar({ colour, plate }: { colour?: string | null; plate?: string | null }) {
  if (!colour && !plate) return <span className="muted">Not set</span>;
  return (
    <>
      {colour}
      {colour && plate && ' · '}
      {plate && <span className="nowrap">{plate}</span>}
    </>
  );
}
