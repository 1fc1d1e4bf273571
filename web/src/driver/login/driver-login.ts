import { DRIVER_MESSAGES } from '@limo/contracts/drivers/messages';
import { ApiError, serverMessage } from '../../lib/api';

/** Spec section 8: what a sign-in that threw (no answer at all) shows. */
const DRIVER_LOGIN_ERROR = DRIVER_MESSAGES.loginError;

/** The wait a 429 names: its Retry-After header, else the number in its message. */
function waitSeconds(error: ApiError): number | undefined {
  if (error.retryAfter !== undefined) return error.retryAfter;
  const match = /(\d+)\s*s/.exec(serverMessage(error) ?? '');
  return match ? Number(match[1]) : undefined;
}

/**
 * What the login form says when POST /api/drivers/login fails: wrong credentials, an account
 * awaiting approval (the server's own words), too many attempts (with the wait), a refused form,
 * or the spec's message when there was no usable answer (network, server fault).
 */
export function loginFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return DRIVER_LOGIN_ERROR;
  if (error.status === 401) return DRIVER_MESSAGES.invalidCredentials;
  if (error.status === 403) return serverMessage(error) ?? DRIVER_MESSAGES.awaitingApproval;
  if (error.status === 429) {
    const seconds = waitSeconds(error);
    return seconds === undefined ? 'Too many attempts, try again later' : `Too many attempts, try again in ${seconds} s`;
  }
  if (error.status === 400) return serverMessage(error) ?? DRIVER_LOGIN_ERROR;
  return DRIVER_LOGIN_ERROR;
}
