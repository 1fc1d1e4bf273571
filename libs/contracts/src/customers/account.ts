import { z } from 'zod';
import { ContactDetailsFields } from '../booking/http.js';
import { BOOKING_LIMITS } from '../booking/limits.js';
import { BookingStatus, TripType } from '../booking/values.js';
import { noControlCharacters } from '../common/text-rule.js';

/*
 * Customer accounts (issue 36, decisions.md "Customer accounts and the programs the site
 * advertises"): booking needs no account; a customer signs in with their email and a one-time
 * code and sees every booking made with that email.
 */

/** The one-time sign-in code: 6 digits, valid 10 minutes, burnt after 5 wrong tries. */
export const SIGN_IN_CODE = { digits: 6, validMinutes: 10, maxTries: 5 } as const;

export const ACCOUNT_MESSAGES = {
  /** The one answer to a code request, whether the email has bookings, an account, or neither. */
  codeSent: 'If this email can sign in, a code is on its way. It is valid for 10 minutes.',
  code: 'Enter the 6-digit code from the email',
  /** The one answer to a wrong, expired, used-up or never-sent code: nothing says which. */
  wrongCode: 'This code is not right or has expired. Check the email, or ask for a new code.',
  signInRequired: 'Please sign in to see your account',
  name: 'Enter your first and last name',
} as const;

/** An email as accounts know it: trimmed and lower-cased, so one customer is one account. */
export const AccountEmail = ContactDetailsFields.shape.email.toLowerCase();

/** `POST /api/account/code`: where to send a sign-in code. */
export const SignInCodeRequest = z.object({ email: AccountEmail }).strict();
export type SignInCodeRequest = z.infer<typeof SignInCodeRequest>;

export const SignInCode = z
  .string({ error: ACCOUNT_MESSAGES.code })
  .trim()
  .regex(new RegExp(`^\\d{${SIGN_IN_CODE.digits}}$`), ACCOUNT_MESSAGES.code);

/** `POST /api/account/sign-in`: the email and the code it was sent. */
export const SignInRequest = z.object({ email: AccountEmail, code: SignInCode }).strict();
export type SignInRequest = z.infer<typeof SignInRequest>;

/** `POST /api/account/code`'s answer (202), the same for every email. */
export const SignInCodeAnswer = z.object({ message: z.string() });
export type SignInCodeAnswer = z.infer<typeof SignInCodeAnswer>;

/** The signed-in customer (`GET /api/account`). */
export const Account = z.object({
  email: z.string(),
  /** Contact details kept for the booking wizard; null until the customer gives them. */
  name: z.string().nullable(),
  phone: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Account = z.infer<typeof Account>;

/** One booking made with the account's email, as the booking service lists them. */
export const EmailBooking = z.object({
  id: z.number().int().positive(),
  reference: z.string(),
  status: BookingStatus,
  tripType: TripType,
  pickupDate: z.string(),
  pickupTime: z.string(),
  pickupAt: z.iso.datetime({ offset: true }),
  pickupLocation: z.string(),
  dropoffLocation: z.string().nullable(),
  vehicleName: z.string().nullable(),
  total: z.string(),
});
export type EmailBooking = z.infer<typeof EmailBooking>;

/** A booking on the account page: its id (for the account's change, cancel and receipt) and its manage page link. */
export const AccountBooking = EmailBooking.extend({
  /** The booking's self-service page, opened with a signed link (`/booking/manage?t=…`). */
  manageLink: z.string(),
});
export type AccountBooking = z.infer<typeof AccountBooking>;

/** First and last name as one ("Ann Marie Lee"): the wizard splits it at the first space, so both are needed. */
const accountName = (max: number) =>
  z
    .string({ error: ACCOUNT_MESSAGES.name })
    .trim()
    .check(noControlCharacters('Name'))
    .max(max, `Name must be at most ${max} characters`)
    .regex(/^\S+\s+\S/, ACCOUNT_MESSAGES.name);

/**
 * `PATCH /api/account`: the contact details the booking wizard fills in (the booking form's rules).
 * The whole name within a booking's passenger name limit, so both halves the wizard makes of it fit
 * the booking's first and last name. A longer name saved before still loads (`Account.name`).
 */
export const AccountDetails = z.object({ name: accountName(BOOKING_LIMITS.name), phone: ContactDetailsFields.shape.phone }).strict();
export type AccountDetails = z.infer<typeof AccountDetails>;

/** `customers.accounts.update.v1`'s name: up to 201 characters, as the previous release's gateway still sends (the gateway now asks for fewer). */
export const AccountNameV1 = accountName(2 * BOOKING_LIMITS.name + 1);

/** `GET /api/account/bookings`: every booking made with the email, in the page's three groups. */
export const AccountBookings = z.object({
  /** Soonest first. */
  upcoming: z.array(AccountBooking),
  /** Most recent first. */
  past: z.array(AccountBooking),
  /** Most recent pickup first. */
  cancelled: z.array(AccountBooking),
});
export type AccountBookings = z.infer<typeof AccountBookings>;

export type AccountBookingGroup = keyof AccountBookings;

/** Where a booking shows: cancelled ones apart, then completed or picked up before now as past. */
export function accountBookingGroup(booking: { status: BookingStatus; pickupAt: string }, now: Date): AccountBookingGroup {
  if (booking.status === 'cancelled') return 'cancelled';
  if (booking.status === 'completed' || Date.parse(booking.pickupAt) < now.getTime()) return 'past';
  return 'upcoming';
}

/** The bookings in their groups, each in the order the page shows it. */
export function groupAccountBookings<B extends { status: BookingStatus; pickupAt: string }>(bookings: B[], now: Date): Record<AccountBookingGroup, B[]> {
  const groups: Record<AccountBookingGroup, B[]> = { upcoming: [], past: [], cancelled: [] };
  for (const booking of bookings) groups[accountBookingGroup(booking, now)].push(booking);
  const byPickup = (a: B, b: B) => Date.parse(a.pickupAt) - Date.parse(b.pickupAt);
  groups.upcoming.sort(byPickup);
  groups.past.sort((a, b) => byPickup(b, a));
  groups.cancelled.sort((a, b) => byPickup(b, a));
  return groups;
}
