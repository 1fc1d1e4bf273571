import { TRACKING_MESSAGES } from '@limo/contracts/booking/tracking-messages';
import { ApiError, bodyFieldErrors, serverMessage } from '../lib/api';

/**
 * What the tracking page says when it cannot show the ride: a malformed link is refused as a 400
 * naming the field (`t: ...`), which is no word of the customer's, so its field's message alone.
 */
export function trackingErrorMessage(token: string | null, error: unknown): string {
  if (!token) return TRACKING_MESSAGES.invalid;
  const field = error instanceof ApiError ? bodyFieldErrors(error.body).t : undefined;
  return field ?? serverMessage(error) ?? 'Tracking is not available right now. Please try again.';
}
