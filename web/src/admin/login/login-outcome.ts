import type { ToastInput } from '../../lib/toast';

/** What the login attempt came to, from the stats call: ok, an HTTP status, or no answer. */
export type LoginAttempt = { ok: true } | { ok: false; status?: number; retryAfter?: number };

/**
 * Spec section 8: success, rejected credentials (401/403), and a server that cannot be reached
 * (no answer, or an answer that is not about the credentials: 5xx). Too many failed attempts
 * (429) say how long to wait, not that the server is down.
 */
export function loginOutcome(attempt: LoginAttempt): { success: boolean; toast: ToastInput } {
  if (attempt.ok) return { success: true, toast: { title: 'Login Successful', description: 'Welcome to the admin dashboard!' } };
  if (attempt.status === 429) {
    const wait = attempt.retryAfter === undefined ? 'later' : `in ${attempt.retryAfter} s`;
    return { success: false, toast: { title: 'Login Failed', description: `Too many attempts, try again ${wait}`, variant: 'destructive' } };
  }
  if (attempt.status === 401 || attempt.status === 403) {
    return {
      success: false,
      toast: { title: 'Login Failed', description: 'Invalid username or password. Please try again.', variant: 'destructive' },
    };
  }
  return {
    success: false,
    toast: { title: 'Login Error', description: 'Unable to connect to the server. Please try again.', variant: 'destructive' },
  };
}
