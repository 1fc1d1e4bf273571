import { z } from 'zod';
import { isCalendarDate } from './business-time.js';
import { noControlCharacters } from './text-rule.js';

export type Rule = [ok: (value: string) => boolean, message: string];

/**
 * Reports only the first rule a value breaks, so each field has one message. (zod's `abort`
 * would do the same but also stop the cross-field checks, and a form wants all errors at once.)
 */
export const firstBroken =
  (...rules: Rule[]) =>
  (value: string, ctx: z.RefinementCtx) => {
    const broken = rules.find(([ok]) => !ok(value));
    if (broken) ctx.addIssue({ code: 'custom', message: broken[1] });
  };

/**
 * A required text has at least one letter, digit, punctuation mark or symbol: trimming removes
 * spaces but not zero-width or other formatting characters, and a name made only of those
 * reads as empty everywhere it is shown.
 */
export const hasVisibleCharacters = (value: string): boolean => /[\p{L}\p{N}\p{P}\p{S}]/u.test(value);

export const atMost = (max: number) => (value: string) => value.length <= max;

const phoneDigits = (phone: string) => phone.replace(/\D/g, '').length;

/**
 * The phone rule of the booking's contact step, which the driver forms share (spec: "Driver
 * details: same name, email and phone rules"): at least 10 characters of digits, spaces and
 * `+().-`, at least 10 of them digits, one message for every way it is wrong.
 */
export const phoneNumber = (message: string, max: number) => {
  // The lengths are checks of their own, so the API's schemas show them; the other rules pass a
  // phone whose length is already wrong, so each phone gets one message. (zod's `abort` would
  // do that too, but it also stops the form's cross-field checks.)
  const lengthWrong = (phone: string) => phone.length < 10 || phone.length > max;
  return z
    .string({ error: message })
    .trim()
    .check(noControlCharacters('Phone'))
    .min(10, message)
    .max(max, message)
    .superRefine(
      firstBroken(
        [(phone) => lengthWrong(phone) || /^\+?[\d\s().-]+$/.test(phone), message],
        [(phone) => lengthWrong(phone) || phoneDigits(phone) >= 10, message],
      ),
    );
};

/**
 * A whole number written in a path or a query string: decimal digits only. (`z.coerce.number()`
 * also read `0xA`, `1e1`, `10.0` and ` 1` as numbers, so `/api/bookings/0xA` acted on booking 10.)
 * An array (a repeated query parameter) is not a string and is refused too.
 */
export const wholeNumberText = (min: number, max: number, message: string, tooLarge = message) =>
  z
    .string({ error: message })
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, tooLarge));

/** A real calendar date written YYYY-MM-DD (no 2025-02-30), refused with one message whatever is wrong. */
export const calendarDate = (message: string) => z.string({ error: message }).regex(/^\d{4}-\d{2}-\d{2}$/, message).refine(isCalendarDate, message);
