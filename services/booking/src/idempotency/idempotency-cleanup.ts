import { Injectable, Logger } from '@nestjs/common';
import { PrismaClient } from '../generated/prisma/client.js';
import { purgeIdempotencyKeys } from './idempotency.store.js';

/** Deletes Idempotency-Keys older than a day (the periodic job runs it; the delete is idempotent). */
@Injectable()
export class IdempotencyCleanup {
  private readonly log = new Logger('IdempotencyCleanup');

  constructor(private readonly db: PrismaClient) {}

  async run(): Promise<number> {
    const purged = await purgeIdempotencyKeys(this.db);
    if (purged > 0) this.log.log(`purged ${purged} idempotency keys older than a day`);
    return purged;
  }
}
