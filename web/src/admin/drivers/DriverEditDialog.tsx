import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { Driver, DriverUpdate } from '@limo/contracts';
import { DriverRegistration } from '@limo/contracts';
import { apiJson, serverMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { Dialog } from '../components/Dialog';
import { driverFullName } from './driver-format';
import { changedDriverFields, type DriverForm } from './driver-edit';

const FIELDS: { name: keyof DriverForm; label: string; type?: string; autoComplete: string; wide?: boolean }[] = [
  { name: 'firstName', label: 'First Name', autoComplete: 'off' },
  { name: 'lastName', label: 'Last Name', autoComplete: 'off' },
  { name: 'email', label: 'Email Address', type: 'email', autoComplete: 'off' },
  { name: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'off' },
  { name: 'licenseNumber', label: "Driver's License Number", autoComplete: 'off', wide: true },
  { name: 'address', label: 'Home Address', autoComplete: 'off', wide: true },
];

const formOf = (d: Driver): DriverForm => ({
  firstName: d.firstName,
  lastName: d.lastName,
  email: d.email,
  phone: d.phone,
  licenseNumber: d.licenseNumber,
  address: d.address,
});

/** Edit a driver's name, email, phone, licence and address (PATCH /api/admin/drivers/:id). */
export function DriverEditDialog({ driver, onClose }: { driver: Driver | null; onClose: () => void }) {
  const id = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<DriverForm | null>(driver && formOf(driver));
  const [errors, setErrors] = useState<Partial<Record<keyof DriverForm, string>>>({});

  useEffect(() => {
    setForm(driver && formOf(driver));
    setErrors({});
  }, [driver]);

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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!driver || !form) return;
    const result = DriverRegistration.safeParse(form);
    if (!result.success) {
      const next: typeof errors = {};
      for (const issue of result.error.issues) {
        const field = issue.path[0] as keyof DriverForm;
        if (!next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    const changes = changedDriverFields(formOf(driver), result.data);
    if (!changes) {
      onClose();
      return;
    }
    save.mutate(changes);
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
      {form && (
        <form id={`${id}-form`} onSubmit={onSubmit} noValidate className="form-grid form-grid-2">
          {FIELDS.map((field) => {
            const inputId = `${id}-${field.name}`;
            const error = errors[field.name];
            return (
              <div key={field.name} className={`field${field.wide ? ' span-2' : ''}`}>
                <label htmlFor={inputId}>{field.label}</label>
                <input
                  id={inputId}
                  type={field.type ?? 'text'}
                  autoComplete={field.autoComplete}
                  value={form[field.name]}
                  onChange={(e) => setForm((f) => f && { ...f, [field.name]: e.target.value })}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${inputId}-error` : undefined}
                />
                {error && (
                  <p id={`${inputId}-error`} className="field-error">
                    {error}
                  </p>
                )}
              </div>
            );
          })}
        </form>
      )}
    </Dialog>
  );
}
