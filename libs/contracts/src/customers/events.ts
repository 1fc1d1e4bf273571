import { z } from 'zod';
import { defineEvent } from '../common/messages.js';

export const customerEvents = {
  /** A customer signed in for the first time: their account exists from now on. */
  customerCreated: defineEvent(
    'customers.customer.created.v1',
    z.object({ id: z.number().int().positive(), email: z.string(), createdAt: z.iso.datetime({ offset: true }) }),
  ),
  /**
   * A company's month statement was made (issue 37): the notifications service emails it to the
   * billing contact, with the PDF and CSV it asks for by `customers.companies.statements.get.v1`.
   */
  statementIssued: defineEvent(
    'customers.statement.issued.v1',
    z.object({
      statementId: z.number().int().positive(),
      companyId: z.number().int().positive(),
      companyName: z.string(),
      month: z.string(),
      billingEmail: z.string(),
      billingContact: z.string(),
      totalDue: z.string(),
    }),
  ),
};
