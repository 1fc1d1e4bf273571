import { z } from 'zod';
import { defineRpc } from '../common/messages.js';
import { OutgoingMessage, OutgoingMessageV1 } from './messages.js';

// The HTTP query's limit, read from its digits by the gateway (FailedMessagesQuery).
const FailedMessagesRequest = z.object({ limit: z.number().int().min(1).max(500).default(100) }).strict();

export const notificationsRpc = {
  /** Messages that were not delivered (newest first), for the admin to follow up by phone. */
  failedMessages: defineRpc('notifications.messages.failed.v2', FailedMessagesRequest, z.array(OutgoingMessage)),
  /**
   * The previous release's version, answered until no gateway of it runs: only the kinds it
   * knows (v2 added 'booking-updated'). Then `npm run contracts:publish -- --retire` it.
   */
  failedMessagesV1: defineRpc('notifications.messages.failed.v1', FailedMessagesRequest, z.array(OutgoingMessageV1)),
};
