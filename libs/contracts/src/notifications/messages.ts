import { z } from 'zod';
import { wholeNumberText } from '../common/field-rules.js';

/*
 * Customer messages (issue 13): what the notifications service sends when a booking or its ride
 * changes, by email and (when the customer asked for `smsUpdates`) by SMS.
 */

/** The kinds the previous release knows (notifications.messages.failed.v1 answers only these). */
export const MESSAGE_KINDS_V1 = ['booking-received', 'booking-confirmed', 'pickup-reminder', 'chauffeur-on-the-way', 'booking-cancelled'] as const;
export const MESSAGE_KINDS = ['booking-received', 'booking-confirmed', 'booking-updated', 'pickup-reminder', 'chauffeur-on-the-way', 'booking-cancelled'] as const;
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
  bookingId: z.number().int(),
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

/** The same, as the previous release reads it: a kind it knows. */
export const OutgoingMessageV1 = OutgoingMessage.extend({ kind: z.enum(MESSAGE_KINDS_V1) });

export const FailedMessagesQuery = z.object({
  limit: wholeNumberText(1, 500, 'limit must be a whole number from 1 to 500').default(100),
}).strict();
export type FailedMessagesQuery = z.infer<typeof FailedMessagesQuery>;
