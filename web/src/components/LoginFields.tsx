import { useState } from 'react';
import type { FormFields } from '../lib/forms/use-schema-form';
import { TextField } from '../ui/TextField';
import type { LoginValues } from './login-form';
import './login-fields.css';

export interface LoginFieldsProps {
  /** Prefix of the inputs' ids (`<prefix>-username`, `<prefix>-password`). */
  idPrefix: string;
  form: FormFields<LoginValues>;
}

/** Username and password, both required, with a show/hide toggle: the admin and driver logins. */
export function LoginFields({ idPrefix, form }: LoginFieldsProps) {
  const { values, errors } = form;
  const [showPassword, setShowPassword] = useState(false);
  const userId = `${idPrefix}-username`;
  const passwordId = `${idPrefix}-password`;
  return (
    <>
      <TextField
        id={userId}
        label="Username"
        name="username"
        autoComplete="username"
        required
        value={values.username}
        onChange={(e) => form.set('username', e.target.value)}
        error={errors.username}
      />
      <div className="field">
        <label htmlFor={passwordId}>
          Password <span className="required" aria-hidden="true">*</span>
        </label>
        <div className="password-row">
          <input
            id={passwordId}
            name="password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            required
            value={values.password}
            onChange={(e) => form.set('password', e.target.value)}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? `${passwordId}-error` : undefined}
          />
          <button
            type="button"
            className="btn btn-outline btn-sm"
            aria-pressed={showPassword}
            aria-controls={passwordId}
            onClick={() => setShowPassword((shown) => !shown)}
          >
            {showPassword ? 'Hide' : 'Show'}
          </button>
        </div>
        {errors.password && (
          <p id={`${passwordId}-error`} className="field-error">
            {errors.password}
          </p>
        )}
      </div>
    </>
  );
}
