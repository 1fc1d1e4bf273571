import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vehicle } from '@limo/contracts';
import { apiJson, serverMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { Dialog } from '../../ui/Dialog';
import { FLEET_QUERIES } from './VehicleFormDialog';

/** Settings: activate or deactivate a vehicle (PATCH /api/admin/vehicles/:id with isActive). */
export function VehicleSettingsDialog({ vehicle, onClose }: { vehicle: Vehicle | null; onClose: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const setActive = useMutation({
    mutationFn: (isActive: boolean) => apiJson<Vehicle>('PATCH', `/api/admin/vehicles/${vehicle!.id}`, { isActive }),
    onSuccess: (saved) => {
      toast({
        title: saved.isActive ? 'Vehicle Activated' : 'Vehicle Deactivated',
        description: saved.isActive ? `${saved.name} is offered to customers again.` : `${saved.name} is no longer offered to customers.`,
      });
      for (const key of FLEET_QUERIES) void queryClient.invalidateQueries({ queryKey: [key] });
      onClose();
    },
    onError: (error) => {
      toast({ title: 'Update Failed', description: serverMessage(error) ?? 'Failed to change the vehicle status. Please try again.', variant: 'destructive' });
    },
  });

  return (
    <Dialog
      open={Boolean(vehicle)}
      onClose={onClose}
      title={vehicle ? `${vehicle.name} settings` : 'Vehicle settings'}
      description="Inactive vehicles stay in the fleet but are not offered to customers."
      footer={
        vehicle && (
          <>
            <button type="button" className="btn btn-outline" onClick={onClose} disabled={setActive.isPending}>
              Close
            </button>
            <button
              type="button"
              className={`btn ${vehicle.isActive ? 'btn-danger' : 'btn-primary'}`}
              onClick={() => setActive.mutate(!vehicle.isActive)}
              disabled={setActive.isPending}
            >
              {setActive.isPending ? 'Saving...' : vehicle.isActive ? 'Deactivate Vehicle' : 'Activate Vehicle'}
            </button>
          </>
        )
      }
    >
      {vehicle && (
        <p>
          Status: <span className={`badge ${vehicle.isActive ? 'badge-green' : 'badge-gray'}`}>{vehicle.isActive ? 'Active' : 'Inactive'}</span>
        </p>
      )}
    </Dialog>
  );
}
