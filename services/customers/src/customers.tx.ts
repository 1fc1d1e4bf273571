import type { Prisma } from './generated/prisma/client.js';

/** A transaction of the customers database (what `Outbox.transaction` hands its callback). */
export type CustomersTx = Prisma.TransactionClient;
