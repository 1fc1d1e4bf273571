import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { describeFailures, fuzzRoutes, type FuzzReport } from '../fuzz.js';
import { checkBookings, checkDeadLetters, checkDeadlines, checkMessages, checkProjections, driverTotals, LagSampler, waitDeadlinesDue, waitDrained, waitMessagesSent } from './chaos-checks.js';
import { ChaosClient, RequestTally } from './chaos-client.js';
import { BookingProbe, prepareDrivers, runLoad, type LoadOptions, type LoadResult } from './chaos-load.js';
import { basicAuth } from '../admin-auth.js';
import type { NatsConnection } from '@nats-io/transport-node';
import { RECOVERED_LOG } from '@limo/messaging';
import { startChaosStack, type ChaosStack, type ProcessKind, type Replicas } from './chaos-stack.js';

/**
 * A fault suite run: a private stack (chaos-stack.ts), a burst of bookings with dispatch and
 * admin work (chaos-load.ts) during which processes are killed and servers restarted, a fuzz of
 * every route, then a drain and the checks (chaos-checks.ts). `npm run chaos` runs it big
 * (tests/chaos/full.chaos.ts); tests/ops/chaos-small.test.ts runs a small one in `npm test`.
 */

export type Fault = { kill: string } | { restart: 'nats' | 'redis' } | { terminate: 'postgres' };

/** What a run needs of the product under test: one machine's (chaos-stack.ts) or three hosts' (cluster-stack.ts). */
export interface ChaosTarget<F> {
  /** What runs, for the log. */
  description: string;
  /** NATS_PREFIX of the run (its streams and consumers). */
  prefix: string;
  /** The product's database, as the checks read it. */
  databaseUrl: string;
  admin: { username: string; password: string };
  /** Where the notifications service writes what it sends (mail, SMS). */
  outboxDirs: string[];
  /** One base URL per entry (a gateway, or a load balancer in front of them). */
  gateways: string[];
  /** A NATS connection as the gateway's user (it may read consumer lags and the dead letters). */
  natsAsGateway(): Promise<NatsConnection>;
  /** Does the fault, resolves once done (not once recovered), with a line saying what was done. */
  inflict(fault: F): Promise<string>;
  /**
   * Before a fault, arranges the target so that the fault strikes its worst case (a planned
   * operation, say a switchover), with a line saying what was done, or null when nothing was
   * needed. Its answers cut short count as a fault's (a planned switchover refuses a moment too).
   */
  prepare?(fault: F): Promise<string | null>;
  restarts(): Record<string, number>;
  output(): string[];
  waitHealthy(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the target with the run's settings in every process's environment. */
export type ChaosTargetStarter<F> = (env: Record<string, string>) => Promise<ChaosTarget<F>>;

export interface ChaosOptions<F = Fault> {
  start: ChaosTargetStarter<F>;
  load: Omit<LoadOptions, 'seed' | 'runId'>;
  faults: F[];
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
  /** Whether a fault kills -9 a notifications sender (which may leave the message it was handing over in doubt: checkMessages). */
  killsSender: (fault: F) => boolean;
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
  /** Of those, left in doubt by a sender killed mid-send (failed, not resent, as the product does). */
  messagesInDoubt: number;
  /** 502/503/504 answers and cut connections, and those outside any fault (each a problem). */
  faultAnswers: number;
  faultAnswersOutsideFaults: number;
  deadLetters: number;
  /** Events the consumers' audit applied: acknowledged by JetStream without their effect. */
  recoveredEvents: number;
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
  /** Until the answer to the first booking taken that was sent after the last one refused (none refused: the first taken's; null: none within 120 s). */
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
/** The consumers' audit (EVENT_AUDIT_INTERVAL_MS), often here: the checks wait for two rounds after the drain. */
const AUDIT_INTERVAL_MS = 5000;

/** The product on this machine (chaos-stack.ts) with these replicas, under its supervisor. */
export function oneMachine(replicas: Replicas): ChaosTargetStarter<Fault> {
  return async (env) => {
    const stack = await startChaosStack({ replicas, env });
    return {
      description: Object.entries(replicas).map(([k, n]) => `${n} ${k}`).join(', '),
      prefix: stack.env.id,
      databaseUrl: stack.env.databaseUrl,
      admin: { username: stack.env.gatewayConfig.ADMIN_USERNAME!, password: stack.env.gatewayConfig.ADMIN_PASSWORD! },
      outboxDirs: [stack.env.vars.MAIL_OUTBOX_DIR, stack.env.vars.SMS_OUTBOX_DIR],
      gateways: stack.gateways,
      natsAsGateway: () => stack.natsAsGateway(),
      inflict: (fault) => inflict(stack, fault),
      restarts: () => stack.restarts(),
      output: () => stack.output(),
      waitHealthy: (timeoutMs) => stack.waitHealthy(timeoutMs),
      stop: () => stack.stop(),
    };
  };
}

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

export async function runChaos<F>(options: ChaosOptions<F>): Promise<ChaosReport> {
  const log = options.log ?? (() => {});
  const runStarted = Date.now();
  const seed = options.seed ?? Date.now() % 2_147_483_647;
  const runId = randomBytes(3).toString('hex');
  const logFile = join('test-output', `chaos-${runId}.log`);
  log(`starting the product (seed ${seed})`);
  const stack = await options.start({ ASSIGNMENT_RESPONSE_SECONDS: String(options.deadlineSeconds), DEADLINE_SWEEP_SECONDS: String(options.sweepSeconds), EVENT_AUDIT_INTERVAL_MS: String(AUDIT_INTERVAL_MS), LOG_LEVEL: process.env.CHAOS_LOG_LEVEL ?? 'warn' });
  log(`started: ${stack.description}`);
  const db = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
  db.on('error', () => {});
  const nc = await stack.natsAsGateway();
  const prefix = stack.prefix;
  const sampler = new LagSampler(nc, prefix).start();
  const problems: string[] = [];
  const faultLines: string[] = [];
  const { admin } = stack;
  try {
    const baseline = await driverTotals(db);
    const tally = new RequestTally();
    const client = new ChaosClient(stack.gateways, tally);
    // Drivers sign up and go on duty before anything breaks.
    const drivers = await prepareDrivers(client, basicAuth(admin.username, admin.password), options.load.drivers, runId);
    let faultsDone = false;
    // From a fault's start until the stack is healthy again (and a tail for answers in flight).
    const windows: { start: number; end: number }[] = [];
    const probe = new BookingProbe(client, runId, seed);
    const faultTimes: FaultTimes[] = [];
    // When each fault that kills a sender began.
    const senderKills: number[] = [];
    const faults = (async () => {
      try {
        for (const fault of options.faults) {
          await sleep(options.faultGapMs);
          if (stack.prepare) {
            const arranging = { start: Date.now(), end: Number.POSITIVE_INFINITY };
            windows.push(arranging);
            const arranged = await stack.prepare(fault);
            if (arranged) {
              await stack.waitHealthy();
              log(`  arranged: ${arranged}`);
              await sleep(options.faultGapMs);
            }
            arranging.end = Date.now();
          }
          const window = { start: Date.now(), end: Number.POSITIVE_INFINITY };
          windows.push(window);
          if (options.killsSender(fault)) senderKills.push(window.start);
          // A customer trying to book from the fault's start on, while the fault is inflicted.
          const probing = probe.watch(window.start);
          let line: string;
          try {
            line = await stack.inflict(fault);
            await stack.waitHealthy();
          } catch (error) {
            // No probe outlives its fault.
            await probing.abandon();
            throw error;
          }
          const healthyAfterMs = Date.now() - window.start;
          const bookingsTakenAgainMs = await probing.stop();
          window.end = Date.now() + (options.faultTailMs ?? 5000);
          faultTimes.push({ fault: line, healthyAfterMs, bookingsTakenAgainMs });
          const taken = bookingsTakenAgainMs === null ? 'no booking taken within 120 s' : `a booking taken again after ${(bookingsTakenAgainMs / 1000).toFixed(1)} s`;
          faultLines.push(`${line}; healthy again after ${(healthyAfterMs / 1000).toFixed(1)} s; ${taken} (bookings refused: ${probing.refusals()})`);
          log(`  ${faultLines.at(-1)}`);
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
    for (const t of faultTimes) if (t.bookingsTakenAgainMs === null) problems.push(`no booking was taken within 120 s of: ${t.fault}`);
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
        databaseUrl: stack.databaseUrl,
        concurrency: options.fuzz.concurrency,
        seed,
      });
      if (fuzz.failures.length) problems.push(`fuzz seed ${fuzz.seed}: ${fuzz.failures.length} failures\n${describeFailures(fuzz)}`);
    }

    // Every deadline judged once its time (and grace) has come, then what it sent drained too.
    const grace = options.deadlineGraceSeconds ?? options.sweepSeconds * 2 + 10;
    await waitDeadlinesDue(db, grace, options.settleTimeoutMs);
    await waitDrained(db, nc, prefix, options.settleTimeoutMs);
    // An event JetStream acknowledged without its effect is not pending: only the audit finds it.
    await sleep(2.5 * AUDIT_INTERVAL_MS);
    await waitDrained(db, nc, prefix, options.settleTimeoutMs);
    await waitMessagesSent(db, options.settleTimeoutMs);

    const records = [...load.records, ...probe.records];
    const bookings = await checkBookings(db, records);
    const deadlines = await checkDeadlines(db, grace);
    const projections = await checkProjections(db, baseline);
    const deadLetters = await checkDeadLetters(nc, prefix);
    const acked = records.flatMap((r) => [...new Set(r.ackedIds)]);
    const messages = await checkMessages(db, stack.outboxDirs, acked, senderKills);
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
      messagesInDoubt: messages.figures.inDoubt,
      faultAnswers: tally.faultAnswers.length,
      faultAnswersOutsideFaults: outsideFaults.length,
      deadLetters: deadLetters.figures.deadLetters,
      recoveredEvents: stack.output().filter((line) => line.includes(RECOVERED_LOG)).length,
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
    `messages          ${f.messages}: ${f.messagesSentOnce} sent once, ${f.messagesSentTwice} more than once, ${f.messagesUnsent} never (${f.messagesInDoubt} of them left in doubt by a sender killed mid-send: failed, not resent)`,
    `dead letters      ${f.deadLetters}`,
    `recovered events  ${f.recoveredEvents} (acknowledged by JetStream without their effect, applied by the consumers' audit)`,
    `max projection lag ${f.maxProjectionLagSeconds} s (drain after the faults, before the fuzz, took ${(f.drainMs / 1000).toFixed(1)} s)`,
    `driver sign-ins again ${f.driverSignInsAgain} (sessions lost with Redis)`,
    `unexpected answers ${f.unexpectedAnswers}`,
    `fuzz              ${f.fuzzRequests} requests, ${f.fuzz5xx} 5xx, ${f.fuzzFailures} failures (${statuses(f.fuzzByStatus)})`,
    `restarts          ${statuses(f.restarts)}`,
    report.ok ? 'RESULT: every check held' : `RESULT: ${report.problems.length} problem(s)\n${report.problems.map((p) => `  - ${p}`).join('\n')}`,
  ];
  return lines.join('\n');
}
