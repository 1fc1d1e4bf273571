import { useEffect, useId } from 'react';
import { DriverRegistration } from '@limo/contracts';
import { ApiError, bodyFieldErrors } from '../../lib/api';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { TextField } from '../../ui/TextField';

type RegistrationField = keyof DriverRegistration;

const EMPTY_REGISTRATION: DriverRegistration = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  licenseNumber: '',
  address: '',
};

const FIELDS: { name: RegistrationField; label: string; type?: string; autoComplete: string; placeholder: string; wide?: boolean }[] = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name', placeholder: 'John' },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name', placeholder: 'Smith' },
  { name: 'email', label: 'Email Address', type: 'email', autoComplete: 'email', placeholder: 'john.smith@example.com' },
  { name: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'tel', placeholder: '(310) 555-1234' },
  { name: 'licenseNumber', label: "Driver's License Number", autoComplete: 'off', placeholder: 'D1234567', wide: true },
  { name: 'address', label: 'Home Address', autoComplete: 'street-address', placeholder: '123 Main St, Los Angeles, CA 90012', wide: true },
];

/**
 * The fields of this form a refused registration names (`errors: [{path, message}]`: a taken email,
 * a rule only the server checks), each with its message; empty when it names none of them.
 */
export function refusedFields(error: unknown): Partial<Record<RegistrationField, string>> {
  if (!(error instanceof ApiError)) return {};
  const named = bodyFieldErrors(error.body);
  return Object.fromEntries(FIELDS.filter(({ name }) => named[name]).map(({ name }) => [name, named[name]]));
}

export interface DriverRegistrationFormProps {
  /** Id of the heading that names the form. */
  labelledBy: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The checked payload (trimmed), as POST /api/register-driver takes it. */
  onSubmit: (payload: DriverRegistration) => void;
  /** What the server refused, by field (refusedFields): shown under each, the first focused, until a field changes. */
  refused?: Partial<Record<RegistrationField, string>>;
  /** A field changed: the page forgets the refusal. */
  onEdit?: () => void;
}

/**
 * The six registration fields of /admin/register-driver and /driver/register, checked with the
 * DriverRegistration schema the gateway validates the request with: each field shows its message
 * beneath it with a red border, and the submit button is disabled while the request is pending.
 */
export function DriverRegistrationForm({ labelledBy, submitLabel, pendingLabel, pending, onSubmit, refused = {}, onEdit }: DriverRegistrationFormProps) {
  const id = useId();
  const form = useSchemaForm(DriverRegistration, EMPTY_REGISTRATION);
  const firstRefused = FIELDS.find(({ name }) => refused[name])?.name;
  const refusal = JSON.stringify(refused);
  useEffect(() => {
    if (firstRefused) document.getElementById(`${id}-${firstRefused}`)?.focus();
  }, [refusal]);
  return (
    <form ref={form.ref} onSubmit={form.submit(onSubmit)} noValidate aria-labelledby={labelledBy}>
      <div className="registration-grid">
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            id={`${id}-${field.name}`}
            className={field.wide ? 'span-2' : undefined}
            label={field.label}
            name={field.name}
            type={field.type ?? 'text'}
            autoComplete={field.autoComplete}
            placeholder={field.placeholder}
            required
            value={form.values[field.name]}
            onChange={(e) => {
              form.set(field.name, e.target.value);
              onEdit?.();
            }}
            error={form.errors[field.name] ?? refused[field.name]}
          />
        ))}
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </button>
    </form>
  );
}
