import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { LoginFields } from '../../components/LoginFields';
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
          <LoginFields
            idPrefix="driver"
            username={username}
            password={password}
            onUsername={setUsername}
            onPassword={setPassword}
            errors={errors}
            usernameRef={usernameRef}
            passwordRef={passwordRef}
          />
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
