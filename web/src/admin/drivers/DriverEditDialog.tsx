import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { DriverUpdate, VEHICLE_COLOURS, type Driver } from '@limo/contracts';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { apiJson, serverMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { driverFullName } from './driver-format';
import { changedDriverFields, driverFormOf, type DriverForm } from './driver-edit';
import { DriverPhotoField } from './DriverPhotoField';

type DetailField = Exclude<keyof DriverForm, 'vehicleColour'>;

const FIELDS: { name: DetailField; label: string; type?: string; autoComplete: string; wide?: boolean }[] = [
  { name: 'firstName', label: 'First Name', autoComplete: 'off' },
  { name: 'lastName', label: 'Last Name', autoComplete: 'off' },
  { name: 'email', label: 'Email Address', type: 'email', autoComplete: 'off' },
  { name: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'off' },
  { name: 'licenseNumber', label: "Driver's License Number", autoComplete: 'off', wide: true },
  { name: 'address', label: 'Home Address', autoComplete: 'off', wide: true },
  { name: 'vehiclePlate', label: 'Car Plate', autoComplete: 'off' },
];

/**
 * Edit a driver's name, email, phone, licence, address and their car's plate and colour (PATCH
 * /api/admin/drivers/:id), and their photo (its own routes, saved at once).
 */
export function DriverEditDialog({ driver, onClose }: { driver: Driver | null; onClose: () => void }) {
  const id = useId();
  const toast = useToast();
  const queryClient = useQueryClient();

  const save = useMutation({
    mutationFn: (changes: DriverUpdate) => apiJson<Driver>('PATCH', `/api/admin/drivers/${driver!.id}`, changes),
    onSuccess: (saved) => {
      toast({ title: 'Driver Updated', description: `${driverFullName(saved)}'s details have been saved.` });
      void queryClient.invalidateQueries({ queryKey: ['/api/drivers'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/drivers/locations'] });
      onClose();
    },
    onError: (error) => {
      toast({ title: 'Save Failed', description: serverMessage(error) ?? 'Failed to save driver changes. Please try again.', variant: 'destructive' });
    },
  });

  const onSave = (edited: DriverUpdate) => {
    if (!driver) return;
    const changes = changedDriverFields(driverFormOf(driver), edited);
    if (changes) save.mutate(changes);
    else onClose();
  };

  return (
    <Dialog
      open={Boolean(driver)}
      onClose={onClose}
      title={driver ? `Edit ${driverFullName(driver)}` : 'Edit driver'}
      description={driver ? `Username ${driver.username}` : undefined}
      footer={
        <>
          <button type="button" className="btn btn-outline" onClick={onClose} disabled={save.isPending}>
            Cancel
          </button>
          <button type="submit" form={`${id}-form`} className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Changes'}
          </button>
        </>
      }
    >
      {/* The dialog draws its body only while open: each opening starts from the driver as saved. */}
      {driver && <DriverPhotoField driver={driver} />}
      {driver && <DriverEditFields idPrefix={id} initial={driverFormOf(driver)} onSave={onSave} />}
    </Dialog>
  );
}

/**
 * The driver's fields and their car's, checked with DriverUpdate, the schema the gateway validates
 * the PATCH with; the dialog's footer submits them (`<idPrefix>-form`). The car is the one the
 * chauffeur drives (fleet vehicles are classes of cars): customers tracking a ride see its colour
 * and plate.
 */
export function DriverEditFields({ idPrefix: id, initial, onSave }: { idPrefix: string; initial: DriverForm; onSave: (edited: DriverUpdate) => void }) {
  const form = useSchemaForm(DriverUpdate, initial);
  return (
    <form id={`${id}-form`} ref={form.ref} onSubmit={form.submit(onSave)} noValidate className="form-grid form-grid-2">
      {FIELDS.map((field) => (
        <TextField
          key={field.name}
          id={`${id}-${field.name}`}
          className={field.wide ? 'span-2' : undefined}
          label={field.label}
          type={field.type ?? 'text'}
          autoComplete={field.autoComplete}
          value={form.values[field.name]}
          onChange={(e) => form.set(field.name, e.target.value)}
          error={form.errors[field.name]}
        />
      ))}
      <div className="field">
        <label htmlFor={`${id}-vehicleColour`}>Car Colour</label>
        <select
          id={`${id}-vehicleColour`}
          value={form.values.vehicleColour}
          onChange={(e) => form.set('vehicleColour', e.target.value)}
          aria-invalid={form.errors.vehicleColour ? true : undefined}
          aria-describedby={form.errors.vehicleColour ? `${id}-vehicleColour-error` : undefined}
        >
          <option value="">Not set</option>
          {VEHICLE_COLOURS.map((colour) => (
            <option key={colour} value={colour}>
              {colour}
            </option>
          ))}
        </select>
        {form.errors.vehicleColour && (
          <p id={`${id}-vehicleColour-error`} className="field-error">
            {form.errors.vehicleColour}
          </p>
        )}
      </div>
    </form>
  );
}
