import { Inject, Injectable } from '@nestjs/common';
import { OutboxRelay, withOutbox, type EventWriter, type TransactionalDb } from '@limo/database';
import type pg from 'pg';
import { DATABASE, SQL_POOL } from './tokens.js';

// A change may wait on another request's row lock (an idempotency retry): room beyond Prisma's 2 s / 5 s.
const TRANSACTION_LIMITS = { maxWait: 10_000, timeout: 15_000 };

/**
 * The one way a use case changes data and records the events of the change: both commit in one
 * transaction, and the relay is told after the commit, so nobody nudges it by hand.
 */
@Injectable()
export class Outbox {
  constructor(
    @Inject(DATABASE) private readonly db: TransactionalDb,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    private readonly relay: OutboxRelay,
  ) {}

  /** `tx` is the service's Prisma transaction client: annotate it in the callback. */
  transaction<Tx, R>(fn: (tx: Tx, events: EventWriter) => Promise<R>): Promise<R> {
    return withOutbox(this.db, fn, { onCommitted: () => this.relay.nudge(), transaction: TRANSACTION_LIMITS });
  }

  /**
   * A change made by one statement that writes its own `outbox_events` rows (data-modifying
   * CTEs: one statement commits or fails whole, so it needs no transaction and costs one round
   * trip instead of a transaction's five or more). For hot paths only; the relay is told after.
   */
  async statement<R>(fn: (sql: pg.Pool) => Promise<R>): Promise<R> {
    const result = await fn(this.pool);
    this.relay.nudge();
    return result;
  }
}
