import { z } from 'zod';
import { wholeNumberText } from '../common/field-rules.js';

/*
 * Customer messages (issue 13): what the notifications service sends when a booking or its ride
 * changes, by email and (when the customer asked for `smsUpdates`) by SMS.
 */

/** The kinds the previous releases know (notifications.messages.failed.v1 and .v2 answer only these). */
export const MESSAGE_KINDS_V1 = ['booking-received', 'booking-confirmed', 'pickup-reminder', 'chauffeur-on-the-way', 'booking-cancelled'] as const;
export const MESSAGE_KINDS_V2 = ['booking-received', 'booking-confirmed', 'booking-updated', 'pickup-reminder', 'chauffeur-on-the-way', 'booking-cancelled'] as const;
export const MESSAGE_KINDS_V3 = [
  ...MESSAGE_KINDS_V2,
  // To a driver: someone used their email to register again (drivers' registration-repeated event).
  'driver-already-registered',
] as const;
export const MESSAGE_KINDS_V4 = [
  ...MESSAGE_KINDS_V3,
  // The final price of a completed ride, once an admin reviewed it (booking's ride-settled event).
  'ride-receipt',
] as const;
export const MESSAGE_KINDS = [
  ...MESSAGE_KINDS_V4,
  // A company's monthly statement to its billing contact, with its PDF and CSV (customers' statement-issued event).
  'company-statement',
] as const;
export const MessageKind = z.enum(MESSAGE_KINDS);
export type MessageKind = z.infer<typeof MessageKind>;

export const MessageChannel = z.enum(['email', 'sms']);
export type MessageChannel = z.infer<typeof MessageChannel>;

/**
 * `pending` (waiting for its first or next attempt), `sending` (claimed by a sender), `sent`, or
 * `failed`: given up after its retries, or interrupted mid-send and deliberately not retried.
 */
export const MessageStatus = z.enum(['pending', 'sending', 'sent', 'failed']);
export type MessageStatus = z.infer<typeof MessageStatus>;

const Instant = z.iso.datetime({ offset: true });

/** One customer message as the admin sees it (GET /api/admin/messages/failed). */
export const OutgoingMessage = z.object({
  id: z.uuid(),
  /** The event (or reminder) it answers; with the channel, what makes it unique. */
  eventId: z.string(),
  channel: MessageChannel,
  kind: MessageKind,
  /** The booking it is about; null for a message to a driver or a company. */
  bookingId: z.number().int().nullable(),
  /** The booking's reference, the driver's username for a message to a driver, or the company and month ('Acme Inc., 2026-10') of a statement. */
  reference: z.string(),
  recipient: z.string(),
  subject: z.string().nullable(),
  status: MessageStatus,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: Instant,
  updatedAt: Instant,
  sentAt: Instant.nullable(),
});
export type OutgoingMessage = z.infer<typeof OutgoingMessage>;

/** The same, as the previous releases read it: a kind they know (and before v3, always about a booking). */
export const OutgoingMessageV4 = OutgoingMessage.extend({ kind: z.enum(MESSAGE_KINDS_V4) });
export const OutgoingMessageV3 = OutgoingMessage.extend({ kind: z.enum(MESSAGE_KINDS_V3) });
export const OutgoingMessageV2 = OutgoingMessage.extend({ kind: z.enum(MESSAGE_KINDS_V2), bookingId: z.number().int() });
export const OutgoingMessageV1 = OutgoingMessageV2.extend({ kind: z.enum(MESSAGE_KINDS_V1) });

export const FailedMessagesQuery = z.object({
  limit: wholeNumberText(1, 500, 'limit must be a whole number from 1 to 500').default(100),
}).strict();
export type FailedMessagesQuery = z.infer<typeof FailedMessagesQuery>;
