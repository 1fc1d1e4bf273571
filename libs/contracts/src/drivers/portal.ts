import { z } from 'zod';
import { wholeNumberText } from '../common/field-rules.js';
import { Money } from '../common/money.js';
import { noControlCharacters } from '../common/text-rule.js';
import { Driver } from './http.js';
import { DRIVER_MESSAGES as M } from './messages.js';

/*
 * The driver portal's HTTP payloads: sign-in, password change, location, shift and earnings
 * (decisions.md, "Driver sign-in"). Money totals use MoneyTotal's width: a driver's year passes
 * one booking's decimal(10,2) easily.
 */

const Iso = z.iso.datetime({ offset: true });
const Total = z.string().regex(/^-?\d{1,13}\.\d{2}$/, 'Amount must have exactly two decimals');

/** POST /api/drivers/login: both fields required and trimmed (spec section 5). */
export const DriverLogin = z
  .object({
    username: z
      .string({ error: M.usernameRequired })
      .trim()
      .check(noControlCharacters('Username'))
      .min(1, M.usernameRequired)
      .max(200, 'Username must be at most 200 characters'),
    // No password can hold a control character (PasswordChange refuses them, temporary ones are
    // generated), so one in a sign-in is refused as input rather than tried against the hash.
    password: z
      .string({ error: M.passwordRequired })
      .trim()
      .check(noControlCharacters('Password'))
      .min(1, M.passwordRequired)
      .max(1024, 'Password must be at most 1024 characters'),
  })
  .strict();
export type DriverLogin = z.infer<typeof DriverLogin>;

/** The answer to a sign-in (and GET /api/drivers/current's session view): the driver, never a hash. */
export const DriverSession = z.object({
  driver: Driver,
  /** True until the temporary password has been changed: every other driver call answers 403 until then. */
  mustChangePassword: z.boolean(),
});
export type DriverSession = z.infer<typeof DriverSession>;

/** POST /api/drivers/current/password: the spec's section 5 rule set, messages as written. */
export const PasswordChange = z
  .object({
    currentPassword: z
      .string({ error: M.currentPasswordRequired })
      .check(noControlCharacters('Current password'))
      .min(1, M.currentPasswordRequired)
      .max(1024, M.currentPasswordRequired),
    // Control characters cannot be typed into a password field, and a password is a secret to
    // type again: one with a NUL or an escape in it could only come from a script, and would
    // lock its driver out of every form.
    newPassword: z
      .string({ error: M.newPasswordTooShort })
      .check(noControlCharacters('New password'))
      .min(6, M.newPasswordTooShort)
      .max(128, M.newPasswordTooLong)
      // Sign-in trims what is typed (spec), so a password with outer spaces could never be used.
      .refine((p) => p === p.trim(), M.newPasswordSpaces),
    confirmPassword: z
      .string({ error: M.confirmPasswordRequired })
      .check(noControlCharacters('Password confirmation'))
      .min(6, M.confirmPasswordRequired)
      .max(128, M.confirmPasswordRequired),
  })
  .strict()
  .refine((v) => v.newPassword === v.confirmPassword, { message: M.passwordsDontMatch, path: ['confirmPassword'] });
export type PasswordChange = z.infer<typeof PasswordChange>;

/** POST /api/drivers/current/location: the browser's position while on duty. */
export const LocationUpdate = z
  .object({
    latitude: z.number({ error: M.latitude }).min(-90, M.latitude).max(90, M.latitude),
    longitude: z.number({ error: M.longitude }).min(-180, M.longitude).max(180, M.longitude),
    accuracy: z.number({ error: M.accuracy }).min(0, M.accuracy).max(100_000, M.accuracy).optional(),
  })
  .strict();
export type LocationUpdate = z.infer<typeof LocationUpdate>;

/** GET /api/drivers/current/shift: the open shift and today's figures (LA day). */
export const CurrentShift = z.object({
  isOnDuty: z.boolean(),
  /** The open shift, while on duty. */
  shift: z.object({ id: z.number().int().positive(), startTime: Iso, hoursWorked: z.number().int().nonnegative() }).nullable(),
  today: z.object({
    date: z.string(),
    /** Rides completed today (LA). */
    rides: z.number().int().nonnegative(),
    /** Sum of driverEarnings of the rides completed today. */
    earnings: Total,
  }),
});
export type CurrentShift = z.infer<typeof CurrentShift>;

/** GET /api/drivers/current/revenue/monthly?month&year (either left out: the current LA one). */
export const DriverMonthlyRevenueQuery = z
  .object({
    month: wholeNumberText(1, 12, 'month must be a whole number from 1 to 12').optional(),
    year: wholeNumberText(2000, 2100, 'year must be a whole number from 2000 to 2100').optional(),
  })
  .strict();
export type DriverMonthlyRevenueQuery = z.infer<typeof DriverMonthlyRevenueQuery>;

/** GET /api/drivers/current/revenue/weekly?week&month&year: week N of the month, weeks starting Sunday. */
export const DriverWeeklyRevenueQuery = DriverMonthlyRevenueQuery.extend({
  week: wholeNumberText(1, 6, 'week must be a whole number from 1 to 6').optional(),
}).strict();
export type DriverWeeklyRevenueQuery = z.infer<typeof DriverWeeklyRevenueQuery>;

export const DriverRevenueDay = z.object({
  /** YYYY-MM-DD, Los Angeles. */
  date: z.string(),
  rides: z.number().int().nonnegative(),
  earnings: Total,
  /** Hours on duty that day (shifts clipped to the LA day), one decimal. */
  hoursWorked: z.number().nonnegative(),
});
export type DriverRevenueDay = z.infer<typeof DriverRevenueDay>;

/** A driver's earnings for a month or a week: a row per LA day and the totals of the period. */
export const DriverRevenueReport = z.object({
  period: z.object({
    kind: z.enum(['month', 'week']),
    from: z.string(),
    to: z.string(),
    /** 'November 2026' or 'Week 2: Nov 8-Nov 14'. */
    label: z.string(),
  }),
  /** The period's days up to today (LA): days still to come are not results. */
  days: z.array(DriverRevenueDay),
  totals: z.object({
    earnings: Total,
    rides: z.number().int().nonnegative(),
    hoursWorked: z.number().nonnegative(),
    /** earnings / rides; 0.00 without rides (the page says 'No data'). */
    averagePerRide: Total,
    /** earnings / the period's days up to today (the weekly view's Daily Average); 0.00 with no day yet (the page says 'No data'). */
    averagePerDay: Total,
    daysWorked: z.number().int().nonnegative(),
    /** earnings / hours worked; null without hours. */
    averagePerHour: Total.nullable(),
    topDay: z.object({ date: z.string(), earnings: Total }).nullable(),
  }),
});
export type DriverRevenueReport = z.infer<typeof DriverRevenueReport>;

/** The weeks of a month for the weekly view's select: 'Week N: first day-last day', Sunday first. */
export const MonthWeek = z.object({ week: z.number().int().positive(), from: z.string(), to: z.string(), label: z.string() });
export type MonthWeek = z.infer<typeof MonthWeek>;

/** POST /api/admin/drivers/:id/reset-password: a new temporary password, shown once. */
export const PasswordResetResult = z.object({
  driverId: z.number().int().positive(),
  username: z.string(),
  temporaryPassword: z.string(),
});
export type PasswordResetResult = z.infer<typeof PasswordResetResult>;

/** One driver's earnings from one completed ride (exact cents as Money). */
export const RideEarning = z.object({ bookingId: z.number().int().positive(), amount: Money, completedAt: Iso });
export type RideEarning = z.infer<typeof RideEarning>;
