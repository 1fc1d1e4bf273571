import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentMeta } from '../../lib/use-document-title';
import { checkDriverLogin, DRIVER_LOGIN_ERROR, DRIVER_LOGIN_UNAVAILABLE, type DriverLoginField } from './driver-login';
import './driver-login.css';

/**
 * Driver login as the spec draws it: the form validates, and every attempt answers that the
 * authentication system is being configured. Real driver sign-in (first-login password change,
 * duty, rides) arrives with driver dispatch; until then registration works and admins approve.
 */
export default function DriverLoginPage() {
  useDocumentMeta('Driver Login', 'Sign in to the Prestige Limo driver area.');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<DriverLoginField, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    try {
      const checked = checkDriverLogin({ username, password });
      setErrors(checked.errors);
      if (checked.errors.username) return usernameRef.current?.focus();
      if (checked.errors.password) return passwordRef.current?.focus();
      setMessage(DRIVER_LOGIN_UNAVAILABLE);
    } catch {
      setMessage(DRIVER_LOGIN_ERROR);
    }
  };

  return (
    <section className="driver-login" aria-labelledby="driver-login-heading">
      <div className="card driver-login-card">
        <h1 id="driver-login-heading">Driver Login</h1>
        <p className="muted">Sign in to see your rides and go on duty.</p>
        {message && (
          <p className="driver-login-message" role="alert">
            {message}
          </p>
        )}
        <form onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor="driver-username">
              Username <span className="required" aria-hidden="true">*</span>
            </label>
            <input
              ref={usernameRef}
              id="driver-username"
              name="username"
              autoComplete="username"
              required
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              aria-invalid={errors.username ? true : undefined}
              aria-describedby={errors.username ? 'driver-username-error' : undefined}
            />
            {errors.username && (
              <p id="driver-username-error" className="field-error">
                {errors.username}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor="driver-password">
              Password <span className="required" aria-hidden="true">*</span>
            </label>
            <div className="password-row">
              <input
                ref={passwordRef}
                id="driver-password"
                name="password"
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={errors.password ? 'driver-password-error' : undefined}
              />
              <button
                type="button"
                className="btn btn-outline btn-sm"
                aria-pressed={showPassword}
                aria-controls="driver-password"
                onClick={() => setShowPassword((shown) => !shown)}
              >
                {showPassword ? 'Hide' : 'Show'}
              </button>
            </div>
            {errors.password && (
              <p id="driver-password-error" className="field-error">
                {errors.password}
              </p>
            )}
          </div>
          <button type="submit" className="btn btn-primary driver-login-submit">
            Log In
          </button>
        </form>
        <div className="driver-login-register">
          <p className="muted">New to the team?</p>
          <Link to="/driver/register" className="btn btn-outline">
            Register as New Driver
          </Link>
        </div>
      </div>
    </section>
  );
}
