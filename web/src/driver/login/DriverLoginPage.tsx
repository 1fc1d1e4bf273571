import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { DriverLogin, EMPTY_LOGIN } from '../../components/login-form';
import { LoginFields } from '../../components/LoginFields';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { useDocumentMeta } from '../../lib/use-document-title';
import { DRIVER_LOGIN_ERROR, DRIVER_LOGIN_UNAVAILABLE } from './driver-login';
import './driver-login.css';

/**
 * Driver login as the spec draws it: the form validates, and every attempt answers that the
 * authentication system is being configured. Real driver sign-in (first-login password change,
 * duty, rides) arrives with driver dispatch; until then registration works and admins approve.
 */
export default function DriverLoginPage() {
  useDocumentMeta('Driver Login', 'Sign in to the Prestige Limo driver area.');
  const form = useSchemaForm(DriverLogin, EMPTY_LOGIN);
  const [message, setMessage] = useState<string | null>(null);

  // Until driver sign-in opens every valid attempt gets the spec's answer; anything thrown on
  // the way gets the spec's error message.
  const onSubmit = (event: FormEvent) =>
    form.submit(() => setMessage(DRIVER_LOGIN_UNAVAILABLE))(event).catch(() => setMessage(DRIVER_LOGIN_ERROR));

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
        <form ref={form.ref} onSubmit={onSubmit} noValidate>
          <LoginFields idPrefix="driver" form={form} />
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
