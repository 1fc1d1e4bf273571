import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { LUGGAGE_BY_CATEGORY, VehicleCategory, type Vehicle, type VehicleCreate, type VehicleUpdate } from '@limo/contracts';
import type { FieldMessages } from '../../lib/forms/field-messages';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { ApiError, apiJson, bodyFieldErrors, serverMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { Dialog } from '../../ui/Dialog';
import { categoryLabel } from './fleet-format';
import { EMPTY_VEHICLE, VehicleForm, vehicleChanges, vehicleFormOf, type VehicleFormValues } from './vehicle-form';

export type VehicleDialogState = { mode: 'add' } | { mode: 'edit'; vehicle: Vehicle } | null;

export const FLEET_QUERIES = ['/api/vehicles', '/api/admin/vehicles', '/api/admin/reports', '/api/price-guide'];

// Not isActive: the checkbox always sends a boolean and has no message of its own, so a refusal naming it shows as a toast.
const FORM_FIELDS: (keyof VehicleFormValues)[] = ['name', 'category', 'capacity', 'luggageCapacity', 'baseRate', 'description', 'imageUrl', 'features'];

/**
 * The form's fields a refused save names (`errors: [{path, message}]`: a taken name, a rule only
 * the server checks), each with its message ("features.1" under features); empty when it names none.
 */
function refusedFields(error: unknown): FieldMessages {
  if (!(error instanceof ApiError)) return {};
  const named = bodyFieldErrors(error.body);
  return Object.fromEntries(Object.entries(named).filter(([path]) => FORM_FIELDS.includes(path.split('.')[0] as keyof VehicleFormValues)));
}

/** Add Vehicle (POST /api/admin/vehicles) and Edit (PATCH /api/admin/vehicles/:id) in one form. */
export function VehicleFormDialog({ state, onClose }: { state: VehicleDialogState; onClose: () => void }) {
  const id = useId();
  const toast = useToast();
  const queryClient = useQueryClient();

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
      // A refusal of a field shows under it (the form), not in a toast.
      if (Object.keys(refusedFields(error)).length > 0) return;
      toast({ title: 'Save Failed', description: serverMessage(error) ?? 'Failed to save the vehicle. Please try again.', variant: 'destructive' });
    },
  });

  const onSave = (vehicle: VehicleCreate) => {
    if (state?.mode !== 'edit') return save.mutate(vehicle);
    const changes = vehicleChanges(state.vehicle, vehicle);
    if (changes) save.mutate(changes);
    else onClose();
  };

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
      {/* The dialog draws its body only while open: each opening starts a fresh form. */}
      {state && (
        <VehicleFormFields
          idPrefix={id}
          initial={state.mode === 'edit' ? vehicleFormOf(state.vehicle) : EMPTY_VEHICLE}
          onSave={onSave}
          refused={refusedFields(save.error)}
          onEdit={() => save.error && save.reset()}
        />
      )}
    </Dialog>
  );
}

/** A list's message, or the first of its items' ("features.2"): shown under the one textarea. */
const messageUnder = (errors: FieldMessages, name: string) =>
  errors[name] ?? Object.entries(errors).find(([path]) => path.startsWith(`${name}.`))?.[1];

/** The vehicle's fields; the dialog's footer submits them (`<idPrefix>-form`). */
export function VehicleFormFields(props: {
  idPrefix: string;
  initial: VehicleFormValues;
  onSave: (vehicle: VehicleCreate) => void;
  /** What the server refused, by field (refusedFields): shown under each, the first focused, until a field changes. */
  refused?: FieldMessages;
  /** A field changed: the dialog forgets the refusal. */
  onEdit?: () => void;
}) {
  const { idPrefix: id, initial, onSave, refused = {}, onEdit } = props;
  const form = useSchemaForm(VehicleForm, initial);
  const { values } = form;
  const set: typeof form.set = (name, value) => {
    form.set(name, value);
    onEdit?.();
  };
  const messageOf = (name: keyof VehicleFormValues) => messageUnder(form.errors, name) ?? messageUnder(refused, name);
  const firstRefused = FORM_FIELDS.find((name) => messageUnder(refused, name));
  const refusal = JSON.stringify(refused);
  useEffect(() => {
    if (firstRefused) document.getElementById(`${id}-${firstRefused}`)?.focus();
  }, [refusal]);
  const field = (name: keyof VehicleFormValues) => {
    const error = messageOf(name);
    return {
      id: `${id}-${name}`,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-${name}-error` : undefined,
    };
  };
  const error = (name: keyof VehicleFormValues) => {
    const message = messageOf(name);
    return (
      message && (
        <p id={`${id}-${name}-error`} className="field-error">
          {message}
        </p>
      )
    );
  };

  // A whole number the admin types (seats, bags), up to what the contract allows.
  const count = (name: 'capacity' | 'luggageCapacity', label: string, min: number, placeholder?: string) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input {...field(name)} type="number" inputMode="numeric" min={min} max={60} value={values[name]} placeholder={placeholder} onChange={(e) => set(name, e.target.value)} />
      {error(name)}
    </div>
  );

  return (
    <form id={`${id}-form`} ref={form.ref} onSubmit={form.submit(onSave)} noValidate className="form-grid form-grid-2">
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
      {count('capacity', 'Capacity (passengers)', 1)}
      {count('luggageCapacity', 'Luggage capacity (bags)', 0, `${LUGGAGE_BY_CATEGORY[values.category]} if left blank`)}
      <div className="field">
        <label htmlFor={`${id}-baseRate`}>Base rate per trip ($)</label>
        <input {...field('baseRate')} inputMode="decimal" value={values.baseRate} onChange={(e) => set('baseRate', e.target.value)} placeholder="95.00" />
        {error('baseRate')}
      </div>
      <div className="field span-2">
        <label htmlFor={`${id}-description`}>Type (description)</label>
        <input {...field('description')} value={values.description} onChange={(e) => set('description', e.target.value)} placeholder="Executive Sedan" />
        {error('description')}
      </div>
      <div className="field span-2">
        <label htmlFor={`${id}-imageUrl`}>Image URL (optional)</label>
        <input {...field('imageUrl')} value={values.imageUrl} onChange={(e) => set('imageUrl', e.target.value)} placeholder="/images/fleet/sedan.jpg" />
        {error('imageUrl')}
      </div>
      <div className="field span-2">
        <label htmlFor={`${id}-features`}>Features (one per line)</label>
        <textarea
          {...field('features')}
          rows={4}
          value={values.features}
          onChange={(e) => set('features', e.target.value)}
          placeholder={'Leather seats\nWi-Fi'}
        />
        {error('features')}
      </div>
      <label className="checkbox span-2">
        <input type="checkbox" checked={values.isActive} onChange={(e) => set('isActive', e.target.checked)} />
        Active (offered to customers)
      </label>
    </form>
  );
}
