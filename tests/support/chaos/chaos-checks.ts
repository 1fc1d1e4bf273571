import { readdir } from 'node:fs/promises';
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
  /** Assignments still unanswered although their deadline passed more than the grace ago. */
  overdue: number;
  /** Assignments expired more than the grace after their deadline (judged at their time, not after the drain). */
  late: number;
  /** Assignments whose outcome was recorded more than once, or never, in the ride's timeline. */
  miscounted: number;
  /** How long after its deadline the latest expiry came, in seconds (a tenth's precision). */
  maxLateSeconds: number;
}

/**
 * Every assignment whose deadline passed was answered or expired, once, and at its time: none
 * expired more than `graceSeconds` after its deadline (a lost job waits for the sweep, so the
 * grace is the sweep's period and some), none still pending past it; each ride's timeline holds
 * one `accepted`, `declined` or `expired` entry per assignment with that outcome (a deadline job
 * that ran twice, or an answer that raced it, would show as two).
 */
export async function checkDeadlines(db: pg.Pool, graceSeconds: number): Promise<CheckResult<DeadlineFigures>> {
  const { rows: totals } = await db.query<{ assignments: number; fired: number; answered: number; overdue: number; late: number; maxLateSeconds: number }>(
    `SELECT count(*)::int AS assignments,
            count(*) FILTER (WHERE response = 'expired')::int AS fired,
            count(*) FILTER (WHERE response IN ('accepted', 'declined', 'withdrawn'))::int AS answered,
            count(*) FILTER (WHERE response = 'pending' AND response_deadline + make_interval(secs => $1) < now())::int AS overdue,
            count(*) FILTER (WHERE response = 'expired' AND responded_at > response_deadline + make_interval(secs => $1))::int AS late,
            coalesce(round(max(extract(epoch FROM responded_at - response_deadline)) FILTER (WHERE response = 'expired'), 1), 0)::float8 AS "maxLateSeconds"
       FROM booking.ride_assignments`,
    [graceSeconds],
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
  if (figures.overdue) problems.push(`${figures.overdue} assignment(s) still pending ${graceSeconds} s after their deadline`);
  if (figures.late) problems.push(`${figures.late} assignment(s) expired more than ${graceSeconds} s after their deadline`);
  for (const m of miscounted.slice(0, 20)) problems.push(`booking ${m.booking_id}: ${m.assignments} ${m.kind} assignment(s) but ${m.recorded} '${m.kind}' timeline entries`);
  return { figures, problems };
}

/** Waits until every pending assignment's deadline and grace have passed, so each can be judged. */
export async function waitDeadlinesDue(db: pg.Pool, graceSeconds: number, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query<{ waiting: number }>(
      `SELECT count(*)::int AS waiting FROM booking.ride_assignments WHERE response = 'pending' AND response_deadline + make_interval(secs => $1) >= now()`,
      [graceSeconds],
    );
    if (rows[0].waiting === 0 || Date.now() > until) return;
    await sleep(250);
  }
}

export interface ProjectionFigures {
  /** Sum of the absolute differences, in cents, over every money figure compared. */
  centsOff: number;
  /** Sum of the absolute differences over every count compared. */
  countsOff: number;
  /** Bookings whose reporting fact is missing or differs from the booking (version, status, amount). */
  factsOff: number;
  /** Projection rows the sources do not have (a booking, assignment, driver or vehicle that is not there). */
  phantomRows: number;
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
  const phantoms = await q(
    `SELECT 'booking' AS kind, f.booking_id::text AS id FROM reporting.booking_facts f WHERE NOT EXISTS (SELECT 1 FROM booking.bookings b WHERE b.id = f.booking_id)
     UNION ALL SELECT 'assignment', a.assignment_id::text FROM reporting.assignment_facts a WHERE NOT EXISTS (SELECT 1 FROM booking.ride_assignments r WHERE r.id = a.assignment_id)
     UNION ALL SELECT 'driver', d.driver_id::text FROM reporting.driver_facts d WHERE NOT EXISTS (SELECT 1 FROM drivers.drivers x WHERE x.id = d.driver_id)
     UNION ALL SELECT 'vehicle', v.vehicle_id::text FROM reporting.fleet_vehicles v WHERE NOT EXISTS (SELECT 1 FROM fleet.vehicles y WHERE y.id = v.vehicle_id)`,
  );
  const revenue = await q(`SELECT coalesce(sum(total_amount) * 100, 0)::bigint AS cents FROM booking.bookings WHERE status = 'completed'`);
  const figures: ProjectionFigures = {
    centsOff: parts.reduce((n, p) => n + p.cents, 0),
    countsOff: parts.reduce((n, p) => n + p.counts, 0),
    factsOff: facts.length,
    phantomRows: phantoms.length,
    completedRevenueCents: Number(revenue[0].cents),
  };
  const problems = parts.flatMap((p) => p.problems);
  for (const p of phantoms.slice(0, 10)) problems.push(`reporting has a ${p.kind} ${p.id} the sources do not have`);
  for (const f of facts.slice(0, 10)) problems.push(`booking ${f.id}: version ${f.booking_version} ${f.booking_status}, reporting has ${f.fact_version ?? 'nothing'} ${f.fact_status ?? ''}`);
  return { figures, problems };
}

/** No message was given up on: the dead-letter stream is empty. */
export async function checkDeadLetters(nc: NatsConnection, prefix: string): Promise<CheckResult<{ deadLetters: number }>> {
  const deadLetters = await deadLetterCount(nc, prefix);
  const problems = deadLetters ? (await listDeadLetters(nc, prefix, 10)).map((d) => `dead letter from ${d.consumer} (${d.subject}): ${d.reason}`) : [];
  return { figures: { deadLetters }, problems };
}

export interface MessageFigures {
  /** Customer and driver messages the notifications service wrote down. */
  messages: number;
  /** Messages delivered (an .eml or SMS file with the message's id) exactly once. */
  sentOnce: number;
  /** Messages delivered more than once. */
  sentTwice: number;
  /** Messages never delivered. */
  unsent: number;
  /** Of those, the ones a sender killed while handing them over left in doubt: failed, not resent. */
  inDoubt: number;
}

/** How the notifications service marks a message its sender was killed handing over (message-sender.ts). */
const IN_DOUBT = 'Interrupted while sending';

/** How long before a sender's kill its claim of the message it was handing over may have been made (a busy host), or after the kill began (it takes a moment to reach every process). */
const CLAIMED_BEFORE_KILL_MS = 30_000;
const CLAIMED_AFTER_KILL_MS = 15_000;

/**
 * Every message the notifications service wrote down was delivered exactly once: one file per
 * message id in the run's mail and SMS folders (the folder transports name each file after the
 * message's id), none twice, none missing; and every acknowledged booking has its messages. The
 * one exception is the product's own rule (docs/customer-messages.md): a sender killed while
 * handing a message over leaves it in doubt, marked failed and not resent. Such a message is
 * excused only when it was claimed just before one of `senderKills` (when a fault that kills a
 * sender began), one per kill (a sender hands over one message at a time); any other, a claim
 * orphaned without a kill, is a message lost.
 */
export async function checkMessages(db: pg.Pool, folders: string[], bookingIds: number[], senderKills: number[]): Promise<CheckResult<MessageFigures>> {
  const { rows } = await db.query<{ id: string; kind: string; channel: string; status: string; booking_id: number | null; last_error: string | null; claimed_at: Date | null }>(
    `SELECT id, kind, channel, status, booking_id, last_error, claimed_at FROM notifications.outgoing_messages`,
  );
  const kills = [...senderKills];
  /** The kill that explains a message claimed at `claimedAt`, used up. */
  const killFor = (claimedAt: Date | null) => {
    const at = claimedAt?.getTime();
    const i = at === undefined ? -1 : kills.findIndex((kill) => at >= kill - CLAIMED_BEFORE_KILL_MS && at <= kill + CLAIMED_AFTER_KILL_MS);
    return i >= 0 && kills.splice(i, 1).length === 1;
  };
  const files = new Map<string, number>();
  for (const folder of folders) {
    for (const name of await readdir(folder).catch(() => [] as string[])) {
      const id = name.match(/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(eml|txt)$/)?.[1];
      if (id) files.set(id, (files.get(id) ?? 0) + 1);
    }
  }
  const figures: MessageFigures = { messages: rows.length, sentOnce: 0, sentTwice: 0, unsent: 0, inDoubt: 0 };
  const problems: string[] = [];
  for (const m of rows) {
    const sent = files.get(m.id) ?? 0;
    if (sent === 1) figures.sentOnce++;
    else if (sent > 1) {
      figures.sentTwice++;
      if (problems.length < 10) problems.push(`message ${m.id} (${m.kind} by ${m.channel}, booking ${m.booking_id}) was sent ${sent} times`);
    } else {
      figures.unsent++;
      if (m.status === 'failed' && m.last_error?.startsWith(IN_DOUBT) && killFor(m.claimed_at)) figures.inDoubt++;
      else if (problems.length < 10) problems.push(`message ${m.id} (${m.kind} by ${m.channel}, booking ${m.booking_id}) was never sent (${m.status}${m.last_error ? `: ${m.last_error}` : ''})`);
    }
  }
  const withMessages = new Set(rows.map((m) => m.booking_id));
  const without = bookingIds.filter((id) => !withMessages.has(id));
  if (without.length) problems.push(`${without.length} acknowledged booking(s) without any message, e.g. ${without.slice(0, 5).join(', ')}`);
  return { figures, problems };
}

/** Waits until no message is waiting to be sent (or being sent). */
export async function waitMessagesSent(db: pg.Pool, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query<{ waiting: number }>(`SELECT count(*)::int AS waiting FROM notifications.outgoing_messages WHERE status IN ('pending', 'sending')`);
    // Past the timeout, checkMessages names what was never sent.
    if (rows[0].waiting === 0 || Date.now() > until) return;
    await sleep(250);
  }
}
