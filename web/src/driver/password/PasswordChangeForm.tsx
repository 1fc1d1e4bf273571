import { useId, useState } from 'react';
import { DRIVER_MESSAGES } from '@limo/contracts/drivers/messages';
import { PasswordChange, type DriverSession } from '@limo/contracts/drivers/portal';
import { ApiError, apiJson, serverMessage } from '../../lib/api';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { TextField } from '../../ui/TextField';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
type Values = Record<Field, string>;

const EMPTY: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };

const FIELDS: { name: Field; label: string; autoComplete: string; hint?: string }[] = [
  { name: 'currentPassword', label: 'Current Password', autoComplete: 'current-password', hint: 'The temporary password you signed in with.' },
  { name: 'newPassword', label: 'New Password', autoComplete: 'new-password', hint: 'At least 6 characters.' },
  { name: 'confirmPassword', label: 'Confirm New Password', autoComplete: 'new-password' },
];

/** The field a refused change belongs under (400 answers of POST /api/drivers/current/password). */
function serverFieldError(error: unknown): { field: Field | null; message: string } {
  const message = serverMessage(error) ?? DRIVER_MESSAGES.loginError;
  if (!(error instanceof ApiError) || error.status !== 400) return { field: null, message };
  if (message === DRIVER_MESSAGES.currentPasswordWrong) return { field: 'currentPassword', message };
  if (message === DRIVER_MESSAGES.newPasswordSameAsCurrent) return { field: 'newPassword', message };
  return { field: null, message };
}

/**
 * The first-login password change (spec section 5's rule set and messages, checked with the
 * PasswordChange contract the gateway checks it with). A wrong current password, which only the
 * server can know, shows under its field like the others.
 */
export function PasswordChangeForm({ onChanged }: { onChanged: (session: DriverSession) => void }) {
  const id = useId();
  const form = useSchemaForm(PasswordChange, EMPTY);
  const [show, setShow] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const change = async (body: PasswordChange) => {
    setFailure(null);
    try {
      onChanged(await apiJson<DriverSession>('POST', '/api/drivers/current/password', body));
    } catch (error) {
      const { field, message } = serverFieldError(error);
      if (field) {
        setServerErrors({ [field]: message });
        document.getElementById(`${id}-${field}`)?.focus();
      } else setFailure(message);
    }
  };

  return (
    <section className="card driver-password-card" aria-labelledby={`${id}-heading`}>
      <h1 id={`${id}-heading`}>Choose a New Password</h1>
      <p className="muted">You signed in with a temporary password. Choose your own password to continue.</p>
      {failure && (
        <p className="driver-form-failure" role="alert">
          {failure}
        </p>
      )}
      <form ref={form.ref} onSubmit={form.submit(change)} noValidate aria-labelledby={`${id}-heading`}>
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            id={`${id}-${field.name}`}
            label={field.label}
            name={field.name}
            type={show ? 'text' : 'password'}
            autoComplete={field.autoComplete}
            required
            value={form.values[field.name]}
            onChange={(e) => {
              setServerErrors((errors) => ({ ...errors, [field.name]: undefined }));
              form.set(field.name, e.target.value);
            }}
            hint={field.hint}
            error={form.errors[field.name] ?? serverErrors[field.name]}
          />
        ))}
        <label className="checkbox driver-show-passwords">
          <input type="checkbox" checked={show} onChange={(e) => setShow(e.target.checked)} /> Show passwords
        </label>
        <button type="submit" className="btn btn-primary btn-block" disabled={form.submitting}>
          {form.submitting ? 'Saving...' : 'Change Password'}
        </button>
      </form>
    </section>
  );
}
