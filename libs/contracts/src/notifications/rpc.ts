import { z } from 'zod';
import { defineRpc } from '../common/messages.js';
import { AccountEmail, SignInCode } from '../customers/account.js';
import { OutgoingMessage, OutgoingMessageV1, OutgoingMessageV2, OutgoingMessageV3, OutgoingMessageV4 } from './messages.js';

// The HTTP query's limit, read from its digits by the gateway (FailedMessagesQuery).
const FailedMessagesRequest = z.object({ limit: z.number().int().min(1).max(500).default(100) }).strict();

export const notificationsRpc = {
  /**
   * Emails a customer their sign-in code at once (the customers service asks). Sent, never
   * queued: the outgoing messages table keeps what it sends, and a code is kept nowhere in clear.
   */
  sendSignInCode: defineRpc(
    'notifications.sign-in-codes.send.v1',
    z.object({ email: AccountEmail, code: SignInCode, validMinutes: z.number().int().positive().max(60) }).strict(),
    z.object({}).strict(),
  ),
  /** Messages that were not delivered (newest first), for the admin to follow up by phone. */
  failedMessages: defineRpc('notifications.messages.failed.v5', FailedMessagesRequest, z.array(OutgoingMessage)),
  /**
   * The previous releases' versions, answered until no gateway of them runs: only the kinds each
   * knows (v2 added 'booking-updated', v3 the messages to drivers, which have no booking, v4 the
   * receipts, v5 the companies' statements). Then
   * `npm run contracts:publish -- --retire` them.
   */
  failedMessagesV4: defineRpc('notifications.messages.failed.v4', FailedMessagesRequest, z.array(OutgoingMessageV4)),
  failedMessagesV3: defineRpc('notifications.messages.failed.v3', FailedMessagesRequest, z.array(OutgoingMessageV3)),
  failedMessagesV2: defineRpc('notifications.messages.failed.v2', FailedMessagesRequest, z.array(OutgoingMessageV2)),
  failedMessagesV1: defineRpc('notifications.messages.failed.v1', FailedMessagesRequest, z.array(OutgoingMessageV1)),
};
