import { z } from 'zod';
import { defineEvent } from '../common/messages.js';

export const customerEvents = {
  /** A customer signed in for the first time: their account exists from now on. */
  customerCreated: defineEvent(
    'customers.customer.created.v1',
    z.object({ id: z.number().int().positive(), email: z.string(), createdAt: z.iso.datetime({ offset: true }) }),
  ),
};
