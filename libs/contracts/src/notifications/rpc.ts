import { z } from 'zod';
import { defineRpc } from '../common/messages.js';
import { FailedMessagesQuery, OutgoingMessage } from './messages.js';

export const notificationsRpc = {
  /** Messages that were not delivered (newest first), for the admin to follow up by phone. */
  failedMessages: defineRpc('notifications.messages.failed.v1', FailedMessagesQuery.strict(), z.array(OutgoingMessage)),
};
