import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { DriverSession } from '@limo/contracts/drivers/portal';
import { DriverLogin, EMPTY_LOGIN, type LoginValues } from '../../components/login-form';
import { LoginFields } from '../../components/LoginFields';
import { apiJson } from '../../lib/api';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { useDocumentMeta } from '../../lib/use-document-title';
import { afterSignIn, DRIVER_SESSION_KEY, forgetDriverData } from '../session/driver-session';
import { loginFailureMessage } from './driver-login';
import './driver-login.css';

/**
 * Driver sign-in: POST /api/drivers/login sets the session cookie; then on to `?next=` (the
 * driver page that sent the driver here) or the dashboard, which asks for a new password first
 * while the temporary one is still in use.
 */
export default function DriverLoginPage() {
  useDocumentMeta('Driver Login', 'Sign in to the Prestige Limo driver area.');
  const form = useSchemaForm(DriverLogin, EMPTY_LOGIN);
  const [message, setMessage] = useState<string | null>(null);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const signIn = async (credentials: LoginValues) => {
    setMessage(null);
    try {
      const session = await apiJson<DriverSession>('POST', '/api/drivers/login', credentials);
      // Whatever an earlier driver at this browser saw goes; the new session is known at once.
      forgetDriverData(queryClient);
      queryClient.setQueryData(DRIVER_SESSION_KEY, session);
      navigate(afterSignIn(params.get('next')), { replace: true });
    } catch (error) {
      setMessage(loginFailureMessage(error));
    }
  };

  const onSubmit = (event: FormEvent) => form.submit(signIn)(event).catch(() => setMessage(loginFailureMessage(null)));

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
        <form ref={form.ref} onSubmit={onSubmit} noValidate aria-busy={form.submitting}>
          <LoginFields idPrefix="driver" form={form} />
          <button type="submit" className="btn btn-primary driver-login-submit" disabled={form.submitting}>
            {form.submitting ? 'Signing In...' : 'Log In'}
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
