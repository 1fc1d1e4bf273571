import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { VehicleCategory, type Vehicle, type VehicleCreate, type VehicleUpdate } from '@limo/contracts';
import { apiJson, serverMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { Dialog } from '../components/Dialog';
import { categoryLabel } from './fleet-format';
import { EMPTY_VEHICLE, parseVehicleForm, vehicleChanges, vehicleFormOf, type VehicleFormErrors, type VehicleFormValues } from './vehicle-form';

export type VehicleDialogState = { mode: 'add' } | { mode: 'edit'; vehicle: Vehicle } | null;

export const FLEET_QUERIES = ['/api/vehicles', '/api/admin/vehicles', '/api/admin/reports'];

/** Add Vehicle (POST /api/admin/vehicles) and Edit (PATCH /api/admin/vehicles/:id) in one form. */
export function VehicleFormDialog({ state, onClose }: { state: VehicleDialogState; onClose: () => void }) {
  const id = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<VehicleFormValues>(EMPTY_VEHICLE);
  const [errors, setErrors] = useState<VehicleFormErrors>({});

  useEffect(() => {
    setValues(state?.mode === 'edit' ? vehicleFormOf(state.vehicle) : EMPTY_VEHICLE);
    setErrors({});
  }, [state]);

  const save = useMutation({
    mutationFn: (body: VehicleCreate | VehicleUpdate) =>
      state?.mode === 'edit'
        ? apiJson<Vehicle>('PATCH', `/api/admin/vehicles/${state.vehicle.id}`, body)
        : apiJson<Vehicle>('POST', '/api/admin/vehicles', body),
    onSuccess: (vehicle) => {
      toast({
        title: state?.mode === 'edit' ? 'Vehicle Updated' : 'Vehicle Added',
        description: `${vehicle.name} has been ${state?.mode === 'edit' ? 'saved' : 'added to the fleet'}.`,
      });
      for (const key of FLEET_QUERIES) void queryClient.invalidateQueries({ queryKey: [key] });
      onClose();
    },
    onError: (error) => {
      toast({ title: 'Save Failed', description: serverMessage(error) ?? 'Failed to save the vehicle. Please try again.', variant: 'destructive' });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseVehicleForm(values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    if (state?.mode === 'edit') {
      const changes = vehicleChanges(state.vehicle, parsed.data);
      if (!changes) return onClose();
      save.mutate(changes);
    } else {
      save.mutate(parsed.data);
    }
  };

  const set = <K extends keyof VehicleFormValues>(key: K, value: VehicleFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const field = (name: keyof VehicleFormValues) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: keyof VehicleFormValues) =>
    errors[name] && (
      <p id={`${id}-${name}-error`} className="field-error">
        {errors[name]}
      </p>
    );

  return (
    <Dialog
      open={Boolean(state)}
      onClose={onClose}
      title={state?.mode === 'edit' ? `Edit ${state.vehicle.name}` : 'Add Vehicle'}
      description={state?.mode === 'edit' ? 'Change the vehicle’s details, rate and features.' : 'Add a vehicle to the fleet.'}
      footer={
        <>
          <button type="button" className="btn btn-outline" onClick={onClose} disabled={save.isPending}>
            Cancel
          </button>
          <button type="submit" form={`${id}-form`} className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : state?.mode === 'edit' ? 'Save Changes' : 'Add Vehicle'}
          </button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={onSubmit} noValidate className="form-grid form-grid-2">
        <div className="field span-2">
          <label htmlFor={`${id}-name`}>Name</label>
          <input {...field('name')} value={values.name} onChange={(e) => set('name', e.target.value)} placeholder="Mercedes-Benz S-Class" />
          {error('name')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-category`}>Category</label>
          <select {...field('category')} value={values.category} onChange={(e) => set('category', e.target.value as VehicleCategory)}>
            {VehicleCategory.options.map((c) => (
              <option key={c} value={c}>
                {categoryLabel(c)}
              </option>
            ))}
          </select>
          {error('category')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-capacity`}>Capacity (passengers)</label>
          <input {...field('capacity')} type="number" inputMode="numeric" min={1} max={60} value={values.capacity} onChange={(e) => set('capacity', e.target.value)} />
          {error('capacity')}
        </div>
        <div className="field span-2">
          <label htmlFor={`${id}-description`}>Type (description)</label>
          <input {...field('description')} value={values.description} onChange={(e) => set('description', e.target.value)} placeholder="Executive Sedan" />
          {error('description')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-baseRate`}>Base rate per trip ($)</label>
          <input {...field('baseRate')} inputMode="decimal" value={values.baseRate} onChange={(e) => set('baseRate', e.target.value)} placeholder="95.00" />
          {error('baseRate')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-imageUrl`}>Image URL (optional)</label>
          <input {...field('imageUrl')} value={values.imageUrl} onChange={(e) => set('imageUrl', e.target.value)} placeholder="/images/fleet/sedan.jpg" />
          {error('imageUrl')}
        </div>
        <div className="field span-2">
          <label htmlFor={`${id}-features`}>Features (one per line)</label>
          <textarea {...field('features')} rows={4} value={values.features} onChange={(e) => set('features', e.target.value)} placeholder={'Leather seats\nWi-Fi'} />
          {error('features')}
        </div>
        <label className="checkbox span-2">
          <input type="checkbox" checked={values.isActive} onChange={(e) => set('isActive', e.target.checked)} />
          Active (offered to customers)
        </label>
      </form>
    </Dialog>
  );
}
