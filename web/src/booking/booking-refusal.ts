import { ApiError, bodyFieldErrors, serverMessage } from '../lib/api';

/**
 * Why the server refused a booking, when the review step can do something about it: the referral
 * code (a 400 naming `referralCode`, or 503 when it could not be checked: the customer may drop
 * the code) or the benefits the quote showed: spent meanwhile by another booking (409), or claimed
 * signed out or for another email than the account's (400 naming `benefits`); the wizard prices
 * the ride again, so what it shows is what a new try books. Any other refusal of the booking as sent
 * (400, 403, 409, 422 with a JSON body carrying a message: a pickup now too soon, a vehicle gone) is
 * `other`, with the fields it names to show under them. A refusal naming fields says the first
 * field's own message, not the body's "path: message". Anything else (a lost answer, a 5xx, a 404
 * or 429, a proxy's page) is the wizard's general failure: its body is no word for the customer.
 */
export type BookingRefusal =
  | { kind: 'referral'; message: string; retry: boolean }
  | { kind: 'benefits'; message: string }
  | { kind: 'other'; message: string; fields: Record<string, string> };

export function bookingRefusalOf(error: unknown): BookingRefusal | undefined {
  if (!(error instanceof ApiError) || !REFUSALS.includes(error.status)) return undefined;
  const stated = jsonMessage(error);
  if (!stated) return undefined;
  const fields = bodyFieldErrors(error.body);
  const message = Object.values(fields)[0] ?? stated;
  // A company's transfer gone meanwhile is a 409 too (and a company claim signed out a 400 naming `company`): priced again the same way.
  if (error.status === 409 || (error.status === 400 && ('benefits' in fields || 'company' in fields))) return { kind: 'benefits', message };
  if ((error.status === 400 || error.status === 503) && 'referralCode' in fields) return { kind: 'referral', message, retry: error.status === 503 };
  return error.status === 503 ? undefined : { kind: 'other', message, fields };
}

/** The statuses of a booking refused for what was sent; 503 only for a referral code that could not be checked. */
const REFUSALS = [400, 403, 409, 422, 503];

/** The message of the server's own JSON error body (`{statusCode, message}`); none for another body. */
function jsonMessage(error: ApiError): string | undefined {
  try {
    const { message } = JSON.parse(error.body) as { message?: unknown };
    if (!message) return undefined;
  } catch {
    return undefined;
  }
  return serverMessage(error);
}
