import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ServiceConfig } from '@limo/service-runtime';
import { LinkSigningSecret } from '@limo/contracts/common/signed-link';

/** `SMTP_URL=` (as compose passes an unset variable) means not set. */
const emptyAsMissing = (value: unknown) => (value === '' ? undefined : value);
/** The checkout's `var/` folder (src/ and dist/ sit at the same depth). */
const checkoutVar = (name: string) => fileURLToPath(new URL(`../../../var/${name}`, import.meta.url));

export const NotificationsConfig = ServiceConfig.extend({
  /** smtp(s)://user:pass@host:port; unset: every email is written as an .eml file into MAIL_OUTBOX_DIR. */
  SMTP_URL: z.preprocess(emptyAsMissing, z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://').optional()),
  MAIL_OUTBOX_DIR: z.string().default(checkoutVar('outbox')),
  /** The From of customer emails; the company's address (contracts/common/company) when unset. */
  MAIL_FROM: z.preprocess(emptyAsMissing, z.string().optional()),
  /** `dev` logs each text message and writes it into SMS_OUTBOX_DIR; `twilio` sends it through Twilio's REST API. */
  SMS_PROVIDER: z.enum(['dev', 'twilio']).default('dev'),
  SMS_OUTBOX_DIR: z.string().default(checkoutVar('sms-outbox')),
  TWILIO_ACCOUNT_SID: z.preprocess(emptyAsMissing, z.string().optional()),
  TWILIO_AUTH_TOKEN: z.preprocess(emptyAsMissing, z.string().optional()),
  /** The sending number, E.164. */
  TWILIO_FROM: z.preprocess(emptyAsMissing, z.string().optional()),
  /** Where the links in messages point (the gateway serving the web app). */
  PUBLIC_BASE_URL: z.url().default('http://localhost:3000'),
  /** Signs the manage and tracking links in messages; the gateway checks them with the same secret. */
  LINK_SIGNING_SECRET: LinkSigningSecret,
  /** How often each replica looks for messages to send. */
  MESSAGE_POLL_MS: z.coerce.number().int().min(10).default(1000),
  /** Attempts before a message that keeps failing is marked failed for the admin. */
  MESSAGE_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(6),
  /** First retry delay; doubled at each attempt, up to 30 minutes. */
  MESSAGE_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30_000),
  /** A message still `sending` this long after its claim was interrupted (its sender died). */
  MESSAGE_SEND_LEASE_MS: z.coerce.number().int().min(100).default(120_000),
  /**
   * Events older than this send no message (the booking is still tracked): a consumer created on
   * a stream with history, or one that was down for days, must not mail customers about the past.
   */
  MESSAGE_MAX_EVENT_AGE_MINUTES: z.coerce.number().positive().default(24 * 60),
  /** How long before pickup the reminder goes out. */
  REMINDER_HOURS_BEFORE: z.coerce.number().positive().max(24 * 7).default(24),
  /** How often the reconcile gives back their job to reminders still owed (jobs a Redis that restarted empty lost). */
  REMINDER_RECONCILE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
}).superRefine((config, ctx) => {
  if (config.SMS_PROVIDER === 'twilio' && !(config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM)) {
    ctx.addIssue({ code: 'custom', message: 'SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM' });
  }
});
export type NotificationsConfig = z.infer<typeof NotificationsConfig>;
