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
  /** Its place in the order of arrival, across both queues. */
  arrival: number;
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
 * batching (the bench's signed-in series); a batch cancelled at that time committed nothing, and
 * its bookings are tried again one by one, each in its own time.
 */
@Injectable()
export class NewBookingWriter {
  /** Two queues, so that bookings holding something are batched apart from the others (class comment). */
  private readonly waiting = { holding: [] as Waiting[], plain: [] as Waiting[] };
  private arrivals = 0;
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
      (holdsTakenAt === null ? this.waiting.plain : this.waiting.holding).push({ input, holdsTakenAt, arrival: this.arrivals++, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= MAX_IN_FLIGHT || this.waitingCount() === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.inFlight < MAX_IN_FLIGHT && this.waitingCount() > 0) void this.run(this.nextBatch());
    });
  }

  private waitingCount(): number {
    return this.waiting.holding.length + this.waiting.plain.length;
  }

  /** The longest-waiting booking with those behind it in its queue (both kept in their order of arrival). */
  private nextBatch(): Waiting[] {
    const { holding, plain } = this.waiting;
    const holdingFirst = plain.length === 0 || (holding.length > 0 && holding[0].arrival < plain[0].arrival);
    return (holdingFirst ? holding : plain).splice(0, MAX_BATCH);
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
      // A batch cancelled at its earliest holds' deadline committed nothing either: the others may
      // still have time of their own (onTime refuses those that have not).
      if (batch.length > 1 && (refusedForARow(error) || error instanceof HoldsTooOld)) for (const w of batch) await this.run([w]);
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
   * late. Set for the session, not SET LOCAL in a transaction: a statement outside one commits in
   * the server right after it ends, where a transaction's COMMIT would come after a round trip that
   * no timeout covers. (So a commit can land after the deadline by the SET's round trip and the
   * commit's flush: milliseconds, against the 10 minutes left before the customers service's
   * housekeeping.) HoldsTooOld when there is no connection in time or the statement is cancelled.
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
      // Bounded itself: a connection that died silently must not hold the writer's slot and the answer forever.
      const reset = await client?.query({ text: 'RESET statement_timeout', query_timeout: RESET_TIMEOUT_MS } as pg.QueryConfig).then(() => true, () => false);
      client?.release(!reset);
    }
  }
}

/** How long resetting a connection's statement_timeout may take before the connection is dropped instead. */
const RESET_TIMEOUT_MS = 5_000;

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
