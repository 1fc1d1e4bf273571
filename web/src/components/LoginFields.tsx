import { useState, type RefObject } from 'react';
import './login-fields.css';

export interface LoginFieldsProps {
  /** Prefix of the inputs' ids (`<prefix>-username`, `<prefix>-password`). */
  idPrefix: string;
  username: string;
  password: string;
  onUsername: (value: string) => void;
  onPassword: (value: string) => void;
  errors: Partial<Record<'username' | 'password', string>>;
  usernameRef?: RefObject<HTMLInputElement | null>;
  passwordRef?: RefObject<HTMLInputElement | null>;
}

/** Username and password, both required, with a show/hide toggle: the admin and driver logins. */
export function LoginFields(props: LoginFieldsProps) {
  const { idPrefix, errors } = props;
  const [showPassword, setShowPassword] = useState(false);
  const userId = `${idPrefix}-username`;
  const passwordId = `${idPrefix}-password`;
  return (
    <>
      <div className="field">
        <label htmlFor={userId}>
          Username <span className="required" aria-hidden="true">*</span>
        </label>
        <input
          ref={props.usernameRef}
          id={userId}
          name="username"
          autoComplete="username"
          required
          value={props.username}
          onChange={(e) => props.onUsername(e.target.value)}
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={errors.username ? `${userId}-error` : undefined}
        />
        {errors.username && (
          <p id={`${userId}-error`} className="field-error">
            {errors.username}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={passwordId}>
          Password <span className="required" aria-hidden="true">*</span>
        </label>
        <div className="password-row">
          <input
            ref={props.passwordRef}
            id={passwordId}
            name="password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            required
            value={props.password}
            onChange={(e) => props.onPassword(e.target.value)}
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
