import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { describeFailures, fuzzRoutes, type FuzzReport } from '../fuzz.js';
import { checkBookings, checkDeadLetters, checkDeadlines, checkMessages, checkProjections, driverTotals, LagSampler, waitDeadlinesDue, waitDrained, waitMessagesSent } from './chaos-checks.js';
import { ChaosClient, RequestTally } from './chaos-client.js';
import { prepareDrivers, runLoad, type LoadOptions, type LoadResult } from './chaos-load.js';
import { basicAuth } from '../admin-auth.js';
import { startChaosStack, type ChaosStack, type ProcessKind, type Replicas } from './chaos-stack.js';

/**
 * A fault suite run: a private stack (chaos-stack.ts), a burst of bookings with dispatch and
 * admin work (chaos-load.ts) during which processes are killed and servers restarted, a fuzz of
 * every route, then a drain and the checks (chaos-checks.ts). `npm run chaos` runs it big
 * (tests/chaos/full.chaos.ts); tests/ops/chaos-small.test.ts runs a small one in `npm test`.
 */

export type Fault = { kill: string } | { restart: 'nats' | 'redis' } | { terminate: 'postgres' };

export interface ChaosOptions {
  replicas: Replicas;
  load: Omit<LoadOptions, 'seed' | 'runId'>;
  faults: Fault[];
  /** Before the first fault, and between two. */
  faultGapMs: number;
  fuzz: { requests: number; concurrency: number };
  /** How long the drain (and the deadlines after it) may take before the run fails. */
  settleTimeoutMs: number;
  /** The drivers' time to answer an assignment: short, so deadlines fire during the run. */
  deadlineSeconds: number;
  /** How often the sweep expires deadlines whose job Redis lost (DEADLINE_SWEEP_SECONDS). */
  sweepSeconds: number;
  /** How late a deadline may fire (default: two sweeps and 10 s). */
  deadlineGraceSeconds?: number;
  /** How long after the stack is healthy again a fault still excuses a 502/503/504 or a cut connection. */
  faultTailMs?: number;
  seed?: number;
  /** Progress lines (fault by fault). */
  log?: (line: string) => void;
}

/**
 * Every replica of every kind killed in turn (first replicas, NATS, second replicas, Redis), then
 * the database's connections terminated: each kill leaves the other replica serving.
 */
export function everyFault(replicas: Replicas): Fault[] {
  const kinds: ProcessKind[] = ['booking', 'drivers', 'fleet', 'reporting', 'notifications', 'customers', 'gateway'];
  const rounds = Math.max(...Object.values(replicas));
  const faults: Fault[] = [];
  for (let round = 1; round <= rounds; round++) {
    for (const kind of kinds) if (replicas[kind] >= round) faults.push({ kill: `${kind}-${round}` });
    faults.push({ restart: round % 2 === 1 ? 'nats' : 'redis' });
  }
  if (rounds < 2) faults.push({ restart: 'redis' });
  faults.push({ terminate: 'postgres' });
  return faults;
}

export interface ChaosFigures {
  requests: number;
  requestsPerSecond: number;
  byStatus: Record<string, number>;
  acked: number;
  lost: number;
  duplicated: number;
  replays: number;
  unacknowledgedButWritten: number;
  assignments: number;
  deadlinesFired: number;
  answered: number;
  overdue: number;
  deadlinesLate: number;
  deadlinesMiscounted: number;
  /** The latest any deadline fired after its time, in seconds (within the grace or not). */
  deadlineMaxLateSeconds: number;
  centsOff: number;
  countsOff: number;
  factsOff: number;
  phantomRows: number;
  completedRevenueCents: number;
  messages: number;
  messagesSentOnce: number;
  messagesSentTwice: number;
  messagesUnsent: number;
  /** 502/503/504 answers and cut connections, and those outside any fault (each a problem). */
  faultAnswers: number;
  faultAnswersOutsideFaults: number;
  deadLetters: number;
  maxProjectionLagSeconds: number;
  drainMs: number;
  driverSignInsAgain: number;
  unexpectedAnswers: number;
  fuzzRequests: number;
  fuzz5xx: number;
  fuzzFailures: number;
  fuzzByStatus: Record<string, number>;
  restarts: Record<string, number>;
}

/** One fault's times, from its start. */
export interface FaultTimes {
  fault: string;
  /** Until every process answered its health check again. */
  healthyAfterMs: number;
  /** Until a booking was taken again after the last one refused (0: none refused; null: none taken after). */
  bookingsTakenAgainMs: number | null;
}

export interface ChaosReport {
  ok: boolean;
  figures: ChaosFigures;
  problems: string[];
  faults: string[];
  faultTimes: FaultTimes[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function inflict(stack: ChaosStack, fault: Fault): Promise<string> {
  const t0 = Date.now();
  if ('kill' in fault) {
    await stack.kill(fault.kill);
    return `kill -9 ${fault.kill} (restarted by the supervisor after ${Date.now() - t0} ms)`;
  }
  if ('restart' in fault) {
    await (fault.restart === 'nats' ? stack.restartNats() : stack.restartRedis());
    return `kill -9 and restart of ${fault.restart === 'nats' ? 'nats-server (same port and store)' : 'redis-server (empty)'} in ${Date.now() - t0} ms`;
  }
  const n = await stack.terminateDatabaseConnections();
  return `pg_terminate_backend of the run's ${n} database connections`;
}

export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const log = options.log ?? (() => {});
  const runStarted = Date.now();
  const seed = options.seed ?? Date.now() % 2_147_483_647;
  const runId = randomBytes(3).toString('hex');
  const logFile = join('test-output', `chaos-${runId}.log`);
  log(`starting the stack: ${Object.entries(options.replicas).map(([k, n]) => `${n} ${k}`).join(', ')} (seed ${seed})`);
  const stack = await startChaosStack({
    replicas: options.replicas,
    env: { ASSIGNMENT_RESPONSE_SECONDS: String(options.deadlineSeconds), DEADLINE_SWEEP_SECONDS: String(options.sweepSeconds), LOG_LEVEL: process.env.CHAOS_LOG_LEVEL ?? 'warn' },
  });
  const db = new pg.Pool({ connectionString: stack.env.databaseUrl, max: 2 });
  db.on('error', () => {});
  const nc = await stack.natsAsGateway();
  const prefix = stack.env.id;
  const sampler = new LagSampler(nc, prefix).start();
  const problems: string[] = [];
  const faultLines: string[] = [];
  const { ADMIN_USERNAME, ADMIN_PASSWORD } = stack.env.gatewayConfig;
  const admin = { username: ADMIN_USERNAME!, password: ADMIN_PASSWORD! };
  try {
    const baseline = await driverTotals(db);
    const tally = new RequestTally();
    const client = new ChaosClient(stack.gateways, tally);
    // Drivers sign up and go on duty before anything breaks.
    const drivers = await prepareDrivers(client, basicAuth(admin.username, admin.password), options.load.drivers, runId);
    let faultsDone = false;
    // From a fault's start until the stack is healthy again (and a tail for answers in flight).
    const windows: { line: string; start: number; end: number; healthyAfterMs: number }[] = [];
    const faults = (async () => {
      try {
        for (const fault of options.faults) {
          await sleep(options.faultGapMs);
          const window = { line: '', start: Date.now(), end: Number.POSITIVE_INFINITY, healthyAfterMs: 0 };
          windows.push(window);
          window.line = await inflict(stack, fault);
          await stack.waitHealthy();
          window.healthyAfterMs = Date.now() - window.start;
          window.end = Date.now() + (options.faultTailMs ?? 5000);
          log(`  ${window.line}; healthy again after ${(window.healthyAfterMs / 1000).toFixed(1)} s`);
        }
      } finally {
        faultsDone = true;
      }
    })();
    log(`burst: ${options.load.bookings} bookings, ${options.load.drivers} drivers, ${options.faults.length} faults`);
    let load: LoadResult;
    try {
      [load] = await Promise.all([runLoad(client, { ...options.load, seed, runId, admin, drivers }, () => faultsDone), faults]);
    } catch (error) {
      await faults.catch(() => {});
      throw error;
    }
    const loadSeconds = load.durationMs / 1000;
    const faultTimes: FaultTimes[] = windows.map((w) => ({ fault: w.line, healthyAfterMs: w.healthyAfterMs, bookingsTakenAgainMs: tally.bookingsTakenAgainMs(w.start, w.end) ?? null }));
    for (const t of faultTimes) {
      const taken = t.bookingsTakenAgainMs === null ? 'no booking taken after the refusals' : t.bookingsTakenAgainMs === 0 ? 'no booking refused' : `bookings taken again after ${(t.bookingsTakenAgainMs / 1000).toFixed(1)} s`;
      faultLines.push(`${t.fault}; healthy again after ${(t.healthyAfterMs / 1000).toFixed(1)} s; ${taken}`);
      if (t.bookingsTakenAgainMs === null) problems.push(`no booking was taken after the last one refused during: ${t.fault}`);
    }
    problems.push(...load.unexpected.map((u) => `unexpected answer: ${u}`));

    const outsideFaults = tally.faultAnswers.filter((a) => !windows.some((w) => a.start <= w.end && a.end >= w.start));
    if (outsideFaults.length) {
      problems.push(`${outsideFaults.length} 502/503/504 or cut connection(s) while no fault was active, e.g. ${outsideFaults.slice(0, 5).map((a) => `${a.action} ${a.outcome} at +${((a.start - runStarted) / 1000).toFixed(1)} s`).join(', ')}`);
    }

    log('waiting for every replica to serve again');
    await stack.waitHealthy();
    // The drain after the faults alone, before the fuzz adds work of its own.
    log('draining');
    const drainStarted = Date.now();
    await waitDrained(db, nc, prefix, options.settleTimeoutMs);
    const drainMs = Date.now() - drainStarted;
    sampler.stop();

    let fuzz: FuzzReport | undefined;
    if (options.fuzz.requests > 0) {
      log(`fuzz: ${options.fuzz.requests} requests over every route`);
      fuzz = await fuzzRoutes({
        baseUrl: stack.gateways[0],
        requests: options.fuzz.requests,
        admin,
        databaseUrl: stack.env.databaseUrl,
        concurrency: options.fuzz.concurrency,
        seed,
      });
      if (fuzz.failures.length) problems.push(`fuzz seed ${fuzz.seed}: ${fuzz.failures.length} failures\n${describeFailures(fuzz)}`);
    }

    // Every deadline judged once its time (and grace) has come, then what it sent drained too.
    const grace = options.deadlineGraceSeconds ?? options.sweepSeconds * 2 + 10;
    await waitDeadlinesDue(db, grace, options.settleTimeoutMs);
    await waitDrained(db, nc, prefix, options.settleTimeoutMs);
    await waitMessagesSent(db, options.settleTimeoutMs);

    const bookings = await checkBookings(db, load.records);
    const deadlines = await checkDeadlines(db, grace);
    const projections = await checkProjections(db, baseline);
    const deadLetters = await checkDeadLetters(nc, prefix);
    const acked = load.records.flatMap((r) => [...new Set(r.ackedIds)]);
    const messages = await checkMessages(db, [stack.env.vars.MAIL_OUTBOX_DIR, stack.env.vars.SMS_OUTBOX_DIR], acked);
    problems.push(...bookings.problems, ...deadlines.problems, ...projections.problems, ...deadLetters.problems, ...messages.problems);
    if (bookings.figures.acked === 0) problems.push('no booking was acknowledged: the run tested nothing');

    const byStatus = tally.byStatus();
    const figures: ChaosFigures = {
      requests: tally.requests,
      requestsPerSecond: Math.round(tally.requests / loadSeconds),
      byStatus,
      ...bookings.figures,
      assignments: deadlines.figures.assignments,
      deadlinesFired: deadlines.figures.fired,
      answered: deadlines.figures.answered,
      overdue: deadlines.figures.overdue,
      deadlinesLate: deadlines.figures.late,
      deadlinesMiscounted: deadlines.figures.miscounted,
      deadlineMaxLateSeconds: deadlines.figures.maxLateSeconds,
      ...projections.figures,
      messages: messages.figures.messages,
      messagesSentOnce: messages.figures.sentOnce,
      messagesSentTwice: messages.figures.sentTwice,
      messagesUnsent: messages.figures.unsent,
      faultAnswers: tally.faultAnswers.length,
      faultAnswersOutsideFaults: outsideFaults.length,
      deadLetters: deadLetters.figures.deadLetters,
      maxProjectionLagSeconds: Math.round(sampler.maxSeconds * 10) / 10,
      drainMs,
      driverSignInsAgain: load.signIns,
      unexpectedAnswers: load.unexpected.length,
      fuzzRequests: fuzz?.requests ?? 0,
      fuzz5xx: Object.entries(fuzz?.byStatus ?? {}).filter(([s]) => Number(s) >= 500).reduce((n, [, c]) => n + c, 0),
      fuzzFailures: fuzz?.failures.length ?? 0,
      fuzzByStatus: fuzz?.byStatus ?? {},
      restarts: stack.restarts(),
    };
    return { ok: problems.length === 0, figures, problems, faults: faultLines, faultTimes };
  } finally {
    sampler.stop();
    await mkdir('test-output', { recursive: true });
    await writeFile(logFile, `${stack.output().join('\n')}\n`);
    log(`the processes' output: ${logFile}`);
    await nc.close().catch(() => {});
    await db.end().catch(() => {});
    await stack.stop();
  }
}

const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The figures as an operator reads them. */
export function formatReport(report: ChaosReport): string {
  const f = report.figures;
  const statuses = (counts: Record<string, number>) =>
    Object.entries(counts)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
  const lines = [
    'faults:',
    ...report.faults.map((l) => `  ${l}`),
    `requests          ${f.requests} (${f.requestsPerSecond}/s during the burst)`,
    `  by status       ${statuses(f.byStatus)}`,
    `acked             ${f.acked}`,
    `lost              ${f.lost}`,
    `duplicated        ${f.duplicated}`,
    `  replays         ${f.replays} (same key answered with the first booking)`,
    `  written, unacked ${f.unacknowledgedButWritten} (the connection was cut after the commit)`,
    `  fault answers   ${f.faultAnswers} 502/503/504 or cut connections, ${f.faultAnswersOutsideFaults} of them while no fault was active`,
    `deadlines         ${f.assignments} assignments: ${f.deadlinesFired} fired, ${f.answered} answered, ${f.overdue} overdue, ${f.deadlinesLate} fired late (the latest ${f.deadlineMaxLateSeconds} s after its time), ${f.deadlinesMiscounted} recorded other than once`,
    `cents off         ${f.centsOff} (completed revenue ${money(f.completedRevenueCents)}), counts off ${f.countsOff}, facts off ${f.factsOff}, phantom rows ${f.phantomRows}`,
    `messages          ${f.messages}: ${f.messagesSentOnce} sent once, ${f.messagesSentTwice} more than once, ${f.messagesUnsent} never`,
    `dead letters      ${f.deadLetters}`,
    `max projection lag ${f.maxProjectionLagSeconds} s (drain after the faults, before the fuzz, took ${(f.drainMs / 1000).toFixed(1)} s)`,
    `driver sign-ins again ${f.driverSignInsAgain} (sessions lost with Redis)`,
    `unexpected answers ${f.unexpectedAnswers}`,
    `fuzz              ${f.fuzzRequests} requests, ${f.fuzz5xx} 5xx, ${f.fuzzFailures} failures (${statuses(f.fuzzByStatus)})`,
    `restarts          ${statuses(f.restarts)}`,
    report.ok ? 'RESULT: every check held' : `RESULT: ${report.problems.length} problem(s)\n${report.problems.map((p) => `  - ${p}`).join('\n')}`,
  ];
  return lines.join('\n');
}
