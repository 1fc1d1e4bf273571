import type { Prisma } from './generated/prisma/client.js';

/** The transaction an event handler runs in (EventContext.tx). */
export type NotificationsTx = Prisma.TransactionClient;
