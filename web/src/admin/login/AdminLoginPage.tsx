import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AdminLogin, EMPTY_LOGIN, type LoginValues } from '../../components/login-form';
import { LoginFields } from '../../components/LoginFields';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { basicCredentials, storeAdminAuth, useAdminLoggedIn } from '../../lib/admin-session';
import { ApiError, apiRequest } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { useDocumentMeta } from '../../lib/use-document-title';
import { loginOutcome } from './login-outcome';

export default function AdminLoginPage() {
  useDocumentMeta('Admin Login', 'Sign in to the Prestige Limo back office.');
  const toast = useToast();
  const navigate = useNavigate();
  // A page that sent the admin here to log in (register-driver) is where they go back to.
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  const next = typeof from === 'string' && from.startsWith('/admin/') ? from : '/admin/dashboard';
  const queryClient = useQueryClient();
  const form = useSchemaForm(AdminLogin, EMPTY_LOGIN);
  const loggedIn = useAdminLoggedIn();

  const signIn = async ({ username, password }: LoginValues) => {
    const credentials = basicCredentials(username, password);
    let outcome;
    try {
      await apiRequest('GET', '/api/admin/stats', undefined, { Authorization: `Basic ${credentials}` });
      outcome = loginOutcome({ ok: true });
    } catch (error) {
      outcome = loginOutcome(error instanceof ApiError ? { ok: false, status: error.status, retryAfter: error.retryAfter } : { ok: false });
    }
    toast(outcome.toast);
    if (outcome.success) {
      storeAdminAuth(credentials);
      // Answers fetched without credentials (401s) must not linger in the cache.
      await queryClient.resetQueries();
      navigate(next);
    }
  };

  return (
    <section className="admin-login" aria-labelledby="admin-login-heading">
      <div className="card admin-login-card">
        <div className="admin-login-mark" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="28" height="28">
            <path fill="currentColor" d="M12 1 3 5v6c0 5.55 3.84 10.74 9 12 5.16-1.26 9-6.45 9-12V5l-9-4Zm0 10.99h7c-.53 4.12-3.28 7.79-7 8.94V12H5V6.3l7-3.11v8.8Z" />
          </svg>
        </div>
        <h1 id="admin-login-heading">Admin Login</h1>
        <p className="muted">Sign in to manage bookings, drivers and the fleet.</p>
        {loggedIn && (
          <p className="login-note" role="note">
            You are already signed in. <Link to="/admin/dashboard">Go to the dashboard</Link>
          </p>
        )}
        <form ref={form.ref} onSubmit={form.submit(signIn)} noValidate>
          <LoginFields idPrefix="admin" form={form} />
          <button type="submit" className="btn btn-primary btn-block" disabled={form.submitting}>
            {form.submitting ? 'Signing In...' : 'Sign In'}
          </button>
        </form>
        {/* The site's Log In leads here (spec); a chauffeur who followed it finds their own sign-in. */}
        <p className="login-alt muted">
          Chauffeur? <Link to="/login">Driver sign-in</Link>
        </p>
      </div>
    </section>
  );
}
