import type pg from 'pg';
import type { NatsConnection } from '@nats-io/transport-node';
import { consumerLags, deadLetterCount, listDeadLetters } from '@limo/messaging';
import type { BookingRecord } from './chaos-load.js';

/*
 * What must hold after any bad day, checked against the databases and the bus once the product
 * has drained. Shared by `npm run chaos` and tests/ops/chaos-small.test.ts: each check gives its
 * figures and, when broken, the problems in words.
 */

export interface CheckResult<F> {
  figures: F;
  problems: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function outboxBacklog(db: pg.Pool): Promise<number> {
  const { rows: tables } = await db.query<{ schema: string }>(`SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'outbox_events'`);
  if (tables.length === 0) return 0;
  const sql = tables.map((t) => `SELECT count(*)::int AS n FROM "${t.schema}".outbox_events WHERE published_at IS NULL`).join(' UNION ALL ');
  const { rows } = await db.query<{ n: number }>(sql);
  return rows.reduce((sum, r) => sum + r.n, 0);
}

/**
 * Waits until every outbox is published and every durable consumer has applied everything
 * (nothing pending, nothing unacknowledged). Returns how long that took.
 */
export async function waitDrained(db: pg.Pool, nc: NatsConnection, prefix: string, timeoutMs: number): Promise<number> {
  const started = Date.now();
  let last = '';
  for (;;) {
    try {
      const backlog = await outboxBacklog(db);
      const lags = await consumerLags(nc, prefix);
      const behind = lags.filter((l) => l.pending > 0);
      last = `outbox backlog ${backlog}, consumers behind: ${behind.map((l) => `${l.durable} ${l.pending}`).join(', ') || 'none'}`;
      if (backlog === 0 && behind.length === 0 && lags.length > 0) return Date.now() - started;
    } catch (error) {
      last = (error as Error).message;
    }
    if (Date.now() - started > timeoutMs) throw new Error(`not drained within ${timeoutMs} ms: ${last}`);
    await sleep(250);
  }
}

/** Samples the projections' lag (age of the oldest event reporting's consumers have yet to apply) while a run goes on. */
export class LagSampler {
  maxSeconds = 0;
  private timer: NodeJS.Timeout | undefined;
  private busy = false;

  constructor(
    private readonly nc: NatsConnection,
    private readonly prefix: string,
  ) {}

  start(everyMs = 1000): this {
    this.timer = setInterval(() => void this.sample(), everyMs);
    return this;
  }

  async sample(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      for (const lag of await consumerLags(this.nc, this.prefix)) {
        if (lag.durable.startsWith('reporting-')) this.maxSeconds = Math.max(this.maxSeconds, lag.oldestSeconds);
      }
    } catch {
      // NATS restarting: the next sample sees what piled up meanwhile.
    } finally {
      this.busy = false;
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

export interface BookingFigures {
  /** Requests answered 2xx at least once. */
  acked: number;
  /** Acknowledged bookings not in the database (or not the id the answer gave). */
  lost: number;
  /** Requests (one marker each) that left more than one booking, and keys answered with two ids. */
  duplicated: number;
  /** Answers to a retried key marked Idempotent-Replayed. */
  replays: number;
  /** Requests that left a booking without any 2xx answer reaching the client (a cut connection). */
  unacknowledgedButWritten: number;
}

/** Every acknowledged booking is there, under the id its answer gave; no request made two. */
export async function checkBookings(db: pg.Pool, records: BookingRecord[]): Promise<CheckResult<BookingFigures>> {
  const { rows } = await db.query<{ special_requests: string; ids: number[] }>(
    `SELECT special_requests, array_agg(id ORDER BY id) AS ids FROM booking.bookings WHERE special_requests = ANY($1) GROUP BY special_requests`,
    [records.map((r) => r.marker)],
  );
  const stored = new Map(rows.map((r) => [r.special_requests, r.ids]));
  const problems: string[] = [];
  const figures: BookingFigures = { acked: 0, lost: 0, duplicated: 0, replays: 0, unacknowledgedButWritten: 0 };
  for (const record of records) {
    const ids = stored.get(record.marker) ?? [];
    const acked = [...new Set(record.ackedIds)];
    figures.replays += record.replays;
    if (ids.length > 1 || acked.length > 1) {
      figures.duplicated++;
      problems.push(`request #${record.n}${record.key ? ` (key ${record.key})` : ''} answered ${acked.join(', ') || 'nothing'} and left bookings ${ids.join(', ')}`);
    }
    if (acked.length === 0) {
      if (ids.length > 0) figures.unacknowledgedButWritten++;
      continue;
    }
    figures.acked++;
    const missing = acked.filter((id) => !ids.includes(id));
    if (missing.length) {
      figures.lost++;
      problems.push(`request #${record.n}: acknowledged booking ${missing.join(', ')} is not in the database`);
    }
  }
  return { figures, problems };
}

export interface DeadlineFigures {
  assignments: number;
  /** Assignments whose deadline fired (expired). */
  fired: number;
  /** Assignments the driver accepted or declined, or the admin withdrew. */
  answered: number;
  /** Assignments still unanswered although their deadline passed. */
  overdue: number;
  /** Assignments whose outcome was recorded more than once, or never, in the ride's timeline. */
  miscounted: number;
}

/**
 * Every assignment whose deadline passed was answered or expired, once: no assignment is still
 * pending after its deadline, and each ride's timeline holds one `accepted`, `declined` or
 * `expired` entry per assignment with that outcome (a deadline job that ran twice, or an answer
 * that raced it, would show as two).
 */
export async function checkDeadlines(db: pg.Pool): Promise<CheckResult<DeadlineFigures>> {
  const { rows: totals } = await db.query<{ assignments: number; fired: number; answered: number; overdue: number }>(
    `SELECT count(*)::int AS assignments,
            count(*) FILTER (WHERE response = 'expired')::int AS fired,
            count(*) FILTER (WHERE response IN ('accepted', 'declined', 'withdrawn'))::int AS answered,
            count(*) FILTER (WHERE response = 'pending' AND response_deadline < now())::int AS overdue
       FROM booking.ride_assignments`,
  );
  const { rows: miscounted } = await db.query<{ booking_id: number; kind: string; recorded: number; assignments: number }>(
    `WITH outcomes AS (
       SELECT booking_id, response AS kind, count(*)::int AS assignments FROM booking.ride_assignments
        WHERE response IN ('accepted', 'declined', 'expired') GROUP BY 1, 2),
     recorded AS (
       SELECT booking_id, kind, count(*)::int AS recorded FROM booking.booking_timeline
        WHERE kind IN ('accepted', 'declined', 'expired') GROUP BY 1, 2)
     SELECT coalesce(o.booking_id, r.booking_id) AS booking_id, coalesce(o.kind, r.kind) AS kind,
            coalesce(r.recorded, 0) AS recorded, coalesce(o.assignments, 0) AS assignments
       FROM outcomes o FULL JOIN recorded r ON r.booking_id = o.booking_id AND r.kind = o.kind
      WHERE coalesce(r.recorded, 0) <> coalesce(o.assignments, 0)`,
  );
  const figures = { ...totals[0], miscounted: miscounted.length };
  const problems: string[] = [];
  if (figures.overdue) problems.push(`${figures.overdue} assignment(s) still pending after their deadline`);
  for (const m of miscounted.slice(0, 20)) problems.push(`booking ${m.booking_id}: ${m.assignments} ${m.kind} assignment(s) but ${m.recorded} '${m.kind}' timeline entries`);
  return { figures, problems };
}

export interface ProjectionFigures {
  /** Sum of the absolute differences, in cents, over every money figure compared. */
  centsOff: number;
  /** Sum of the absolute differences over every count compared. */
  countsOff: number;
  /** Bookings whose reporting fact is missing or differs from the booking (version, status, amount). */
  factsOff: number;
  completedRevenueCents: number;
}

type Row = Record<string, string | number | null>;

/** Full outer join of two keyed result sets: the rows that differ, as `key: ours vs theirs`. */
function compare(name: string, truth: Row[], projected: Row[], key: string[], values: { name: string; cents?: boolean }[]) {
  const keyOf = (r: Row) => key.map((k) => String(r[k])).join('/');
  const a = new Map(truth.map((r) => [keyOf(r), r]));
  const b = new Map(projected.map((r) => [keyOf(r), r]));
  let cents = 0;
  let counts = 0;
  const problems: string[] = [];
  for (const k of new Set([...a.keys(), ...b.keys()])) {
    for (const v of values) {
      const x = Number(a.get(k)?.[v.name] ?? 0);
      const y = Number(b.get(k)?.[v.name] ?? 0);
      if (x === y) continue;
      if (v.cents) cents += Math.abs(x - y);
      else counts += Math.abs(x - y);
      if (problems.length < 10) problems.push(`${name} ${k} ${v.name}: recomputed ${x}, projected ${y}`);
    }
  }
  return { cents, counts, problems };
}

/** Each driver's totals before a run (the demo drivers start with a history of rides). */
export type DriverTotals = Row[];

export async function driverTotals(db: pg.Pool): Promise<DriverTotals> {
  return (await db.query<Row>(`SELECT id AS driver_id, total_rides AS rides, (total_earnings * 100)::bigint AS cents FROM drivers.drivers`)).rows;
}

/** The rides and earnings recorded during the run, on top of what each driver had before it. */
function withBaseline(recorded: Row[], baseline: DriverTotals): Row[] {
  const byDriver = new Map(baseline.map((b) => [String(b.driver_id), { ...b }]));
  for (const r of recorded) {
    const before = byDriver.get(String(r.driver_id)) ?? { driver_id: r.driver_id, rides: 0, cents: 0 };
    byDriver.set(String(r.driver_id), { driver_id: r.driver_id, rides: Number(before.rides) + Number(r.rides), cents: Number(before.cents) + Number(r.cents) });
  }
  return [...byDriver.values()].filter((r) => Number(r.rides) !== 0 || Number(r.cents) !== 0);
}

const LA_DAY = (column: string) => `(${column} AT TIME ZONE 'America/Los_Angeles')::date::text`;

/**
 * Reporting's projections (what the admin's dashboard and reports read) against a recomputation
 * from the source of truth, the booking service's own tables, to the cent; the drivers service's
 * earnings against the completed rides.
 */
export async function checkProjections(db: pg.Pool, baseline: DriverTotals): Promise<CheckResult<ProjectionFigures>> {
  const q = async (sql: string) => (await db.query<Row>(sql)).rows;
  const parts = [
    compare(
      'status totals',
      await q(`SELECT status, count(*)::int AS bookings, (sum(total_amount) * 100)::bigint AS cents FROM booking.bookings GROUP BY status`),
      await q(`SELECT status, bookings, amount_cents AS cents FROM reporting.booking_status_totals`),
      ['status'],
      [{ name: 'bookings' }, { name: 'cents', cents: true }],
    ),
    compare(
      'revenue by day',
      await q(`SELECT ${LA_DAY('completed_at')} AS day, count(*)::int AS bookings, (sum(total_amount) * 100)::bigint AS cents
                 FROM booking.bookings WHERE status = 'completed' GROUP BY 1`),
      await q(`SELECT day::text AS day, bookings, revenue_cents AS cents FROM reporting.revenue_daily WHERE bookings <> 0 OR revenue_cents <> 0`),
      ['day'],
      [{ name: 'bookings' }, { name: 'cents', cents: true }],
    ),
    compare(
      'driver performance',
      await q(`SELECT driver_id, count(*)::int AS rides, (sum(total_amount) * 100)::bigint AS cents,
                      (sum(coalesce(driver_earnings, 0)) * 100)::bigint AS earnings
                 FROM booking.bookings WHERE status = 'completed' AND driver_id IS NOT NULL GROUP BY 1`),
      await q(`SELECT driver_id, completed_rides AS rides, revenue_cents AS cents, earnings_cents AS earnings FROM reporting.driver_performance`),
      ['driver_id'],
      [{ name: 'rides' }, { name: 'cents', cents: true }, { name: 'earnings', cents: true }],
    ),
    compare(
      'vehicle usage',
      await q(`SELECT vehicle_id, count(*)::int AS bookings, count(*) FILTER (WHERE status = 'completed')::int AS trips,
                      coalesce(sum(total_amount) FILTER (WHERE status = 'completed') * 100, 0)::bigint AS cents
                 FROM booking.bookings WHERE status <> 'cancelled' AND vehicle_id IS NOT NULL GROUP BY 1`),
      await q(`SELECT vehicle_id, bookings, completed_trips AS trips, revenue_cents AS cents FROM reporting.vehicle_usage`),
      ['vehicle_id'],
      [{ name: 'bookings' }, { name: 'trips' }, { name: 'cents', cents: true }],
    ),
    compare(
      'assignments',
      await q(`SELECT response, count(*)::int AS n FROM booking.ride_assignments GROUP BY 1`),
      await q(`SELECT response, count(*)::int AS n FROM reporting.assignment_facts GROUP BY 1`),
      ['response'],
      [{ name: 'n' }],
    ),
    // The drivers service's earnings: one row per completed ride with a driver's share, counted once in the totals.
    compare(
      'driver earnings',
      await q(`SELECT driver_id, count(*)::int AS rides, (sum(driver_earnings) * 100)::bigint AS cents
                 FROM booking.bookings WHERE status = 'completed' AND driver_id IS NOT NULL AND driver_earnings IS NOT NULL GROUP BY 1`),
      await q(`SELECT e.driver_id, count(*)::int AS rides, (sum(e.amount) * 100)::bigint AS cents
                 FROM drivers.driver_earnings e JOIN booking.bookings b ON b.id = e.booking_id AND b.status = 'completed' GROUP BY 1`),
      ['driver_id'],
      [{ name: 'rides' }, { name: 'cents', cents: true }],
    ),
    compare(
      'driver totals',
      withBaseline(await q(`SELECT driver_id, count(*)::int AS rides, (sum(amount) * 100)::bigint AS cents FROM drivers.driver_earnings GROUP BY 1`), baseline),
      await q(`SELECT id AS driver_id, total_rides AS rides, (total_earnings * 100)::bigint AS cents FROM drivers.drivers WHERE total_rides <> 0 OR total_earnings <> 0`),
      ['driver_id'],
      [{ name: 'rides' }, { name: 'cents', cents: true }],
    ),
  ];
  const facts = await q(
    `SELECT b.id, b.version AS booking_version, f.version AS fact_version, b.status AS booking_status, f.status AS fact_status
       FROM booking.bookings b LEFT JOIN reporting.booking_facts f ON f.booking_id = b.id
      WHERE f.booking_id IS NULL OR f.version <> b.version OR f.status <> b.status OR f.total_cents <> (b.total_amount * 100)::bigint
      LIMIT 1000`,
  );
  const revenue = await q(`SELECT coalesce(sum(total_amount) * 100, 0)::bigint AS cents FROM booking.bookings WHERE status = 'completed'`);
  const figures: ProjectionFigures = {
    centsOff: parts.reduce((n, p) => n + p.cents, 0),
    countsOff: parts.reduce((n, p) => n + p.counts, 0),
    factsOff: facts.length,
    completedRevenueCents: Number(revenue[0].cents),
  };
  const problems = parts.flatMap((p) => p.problems);
  for (const f of facts.slice(0, 10)) problems.push(`booking ${f.id}: version ${f.booking_version} ${f.booking_status}, reporting has ${f.fact_version ?? 'nothing'} ${f.fact_status ?? ''}`);
  return { figures, problems };
}

/** No message was given up on: the dead-letter stream is empty. */
export async function checkDeadLetters(nc: NatsConnection, prefix: string): Promise<CheckResult<{ deadLetters: number }>> {
  const deadLetters = await deadLetterCount(nc, prefix);
  const problems = deadLetters ? (await listDeadLetters(nc, prefix, 10)).map((d) => `dead letter from ${d.consumer} (${d.subject}): ${d.reason}`) : [];
  return { figures: { deadLetters }, problems };
}
