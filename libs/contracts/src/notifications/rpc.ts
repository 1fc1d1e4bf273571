import { z } from 'zod';
import { defineRpc } from '../common/messages.js';
import { OutgoingMessage } from './messages.js';

export const notificationsRpc = {
  /** Messages that were not delivered (newest first), for the admin to follow up by phone. */
  failedMessages: defineRpc(
    'notifications.messages.failed.v1',
    // The HTTP query's limit, read from its digits by the gateway (FailedMessagesQuery).
    z.object({ limit: z.number().int().min(1).max(500).default(100) }).strict(),
    z.array(OutgoingMessage),
  ),
};
