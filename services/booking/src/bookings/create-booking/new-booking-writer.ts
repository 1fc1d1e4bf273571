import { Injectable } from '@nestjs/common';
import type { Booking } from '@limo/contracts';
import { connectWithin, NoConnectionInTime } from '@limo/database';
import { Histogram } from '@limo/observability';
import { Outbox, ServiceMetrics } from '@limo/service-runtime';
import pg from 'pg';
import { HoldClock, HoldsTooOld } from '../../benefits/hold-age.js';
import type { NewBooking } from './new-booking.js';
import { ReferenceTaken, storeNewBookings, type Stored } from './new-booking.store.js';

/** Rows in one statement at most (a batch's JSON is about 1.7 MB at the worst: every text field at its limit). */
const MAX_BATCH = 64;
/**
 * Statements in flight at once. While they are, new bookings wait and go together in the next
 * one: under load the batches grow instead of the queue for the pool's connections.
 */
const MAX_IN_FLIGHT = 3;

interface Waiting {
  input: NewBooking;
  /** When its holds were taken (HoldClock), null when it holds nothing. */
  holdsTakenAt: number | null;
  resolve: (booking: Booking | null) => void;
  reject: (error: unknown) => void;
}

/**
 * Writes new bookings in batches: those that arrive in the same turn of the event loop (NATS
 * hands the service every request that came in one read at once), or while earlier statements
 * are in flight, are stored by one statement with one commit. Each booking is answered only
 * after the statement that stored it committed. Our own rather than a library's: it is a queue
 * and a counter, and what it batches is one statement of this service (new-booking.store.ts).
 *
 * A statement Postgres refused for what one of its rows may have caused (a reference drawn twice
 * in the batch or stored meanwhile by another statement, a value it cannot read, a deadlock: a
 * refused statement is rolled back whole) is tried
 * again one booking at a time, so one booking's fault is only its own. Any other failure (a
 * connection lost, when the commit may or may not have happened) is the answer of every booking
 * in that batch, as it would be for a booking written alone: trying those again could store one
 * twice.
 *
 * A booking that names holds must be committed within STORE_HOLDS_WITHIN_MS of taking them, or the
 * customers service may give them back meanwhile. It is refused with HoldsTooOld when its time is
 * up before its statement, and its statement waits for a connection and runs only as long as the
 * time left (a statement_timeout: Postgres cancels it rather than commit late; also HoldsTooOld).
 * Such bookings are batched apart from the others, a batch given its earliest booking's time: a
 * booking that holds nothing is never cancelled for another's holds (and has no timeout, as
 * before); the bookings of one batch arrived within moments of each other, so the earliest time
 * costs the others next to nothing, where writing each alone would lose signed-in customers the
 * batching (the bench's signed-in series).
 */
@Injectable()
export class NewBookingWriter {
  private readonly waiting: Waiting[] = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly batchSizes: Histogram;

  constructor(
    private readonly outbox: Outbox,
    private readonly clock: HoldClock,
    metrics: ServiceMetrics,
  ) {
    this.batchSizes = new Histogram({
      name: 'booking_insert_batch_size',
      help: 'New bookings written by one statement (those that arrived together)',
      buckets: [1, 2, 4, 8, 16, 32, 64],
      registers: [metrics.registry],
    });
  }

  /**
   * Stores the booking; resolves it with its id, or null when its Idempotency-Key was already
   * taken; rejects with ReferenceTaken when its reference was, or HoldsTooOld when its holds
   * (taken at `holdsTakenAt`) were by then (nothing stored either way).
   */
  write(input: NewBooking, holdsTakenAt: number | null = null): Promise<Booking | null> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ input, holdsTakenAt, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= MAX_IN_FLIGHT || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.inFlight < MAX_IN_FLIGHT && this.waiting.length > 0) void this.run(this.nextBatch());
    });
  }

  /** The first booking waiting with those behind it that hold something as it does, or nothing as it does. */
  private nextBatch(): Waiting[] {
    const holds = (w: Waiting) => w.holdsTakenAt !== null;
    const kind = holds(this.waiting[0]);
    const batch: Waiting[] = [];
    const rest: Waiting[] = [];
    for (const w of this.waiting) (holds(w) === kind && batch.length < MAX_BATCH ? batch : rest).push(w);
    this.waiting.splice(0, this.waiting.length, ...rest);
    return batch;
  }

  private async run(waited: Waiting[]): Promise<void> {
    const batch = this.onTime(waited);
    if (batch.length === 0) return;
    this.inFlight++;
    try {
      const stored = await this.store(batch);
      batch.forEach((w, i) => {
        const outcome = stored[i];
        if (outcome instanceof ReferenceTaken) w.reject(outcome);
        else w.resolve(outcome);
      });
    } catch (error) {
      // One after another: a failed batch of 64 must not take 64 of the pool's connections at once.
      if (batch.length > 1 && refusedForARow(error)) for (const w of batch) await this.run([w]);
      else for (const w of batch) w.reject(error);
    } finally {
      this.inFlight--;
      this.schedule();
    }
  }

  /** Refuses the bookings whose holds are too old to be stored now; answers the others. */
  private onTime(batch: Waiting[]): Waiting[] {
    return batch.filter((w) => {
      const late = this.clock.tooOld(w.holdsTakenAt);
      if (late) w.reject(new HoldsTooOld());
      return !late;
    });
  }

  private store(batch: Waiting[]): Promise<Stored[]> {
    const inputs = batch.map((w) => w.input);
    this.batchSizes.observe(inputs.length);
    const takenAt = batch.flatMap((w) => (w.holdsTakenAt === null ? [] : [w.holdsTakenAt]));
    if (takenAt.length === 0) return this.outbox.statement((sql) => storeNewBookings(sql, inputs));
    const earliest = Math.min(...takenAt);
    return this.outbox.statement((sql) => this.withinTime(sql, earliest, (client) => storeNewBookings(client, inputs)));
  }

  /**
   * `write`'s statement on a connection of its own, with a statement_timeout of the time left to
   * holds taken at `takenAt`: Postgres cancels it (and nothing is stored) rather than commit it
   * late. Set for the session, not SET LOCAL in a transaction: a statement outside one commits as
   * it ends, in the server, where a transaction's COMMIT would come after a round trip that no
   * timeout covers. HoldsTooOld when there is no connection in time or the statement is cancelled.
   */
  private async withinTime<R>(pool: pg.Pool, takenAt: number, write: (client: pg.PoolClient) => Promise<R>): Promise<R> {
    let client: pg.PoolClient | undefined;
    try {
      client = await connectWithin(pool, this.clock.timeLeft(takenAt));
      const left = Math.floor(this.clock.timeLeft(takenAt));
      // 0 would be no timeout at all.
      if (left < 1) throw new HoldsTooOld();
      await client.query(`SET statement_timeout = ${left}`);
      return await write(client);
    } catch (error) {
      throw error instanceof NoConnectionInTime || (error instanceof pg.DatabaseError && error.code === QUERY_CANCELED) ? new HoldsTooOld() : error;
    } finally {
      // The session's setting goes back to the pool (and to Prisma) reset, or the connection does not go back.
      const reset = await client?.query('RESET statement_timeout').then(() => true, () => false);
      client?.release(!reset);
    }
  }
}

/** SQLSTATE of a statement cancelled, here by its statement_timeout (rolled back). */
const QUERY_CANCELED = '57014';

/**
 * Postgres refused the statement for something one of its rows may have caused, so nothing of it
 * was committed and the bookings alone may fare differently: a value it cannot read (class 22), an
 * integrity violation such as a reference drawn by two rows of the batch, or stored by another
 * statement after this one began (23), a deadlock or serialization failure
 * (40). Not what no booking alone can change (a missing table, too many connections), nor what can
 * come after the commit (a lost connection, a terminated backend).
 */
function refusedForARow(error: unknown): boolean {
  return error instanceof pg.DatabaseError && /^(22|23|40)/.test(error.code ?? '');
}
