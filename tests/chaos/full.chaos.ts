import { everyFault, formatReport, oneMachine, runChaos } from '../support/chaos/chaos-run.js';

/**
 * `npm run chaos` (scripts/chaos.mjs): the fault suite at full size, outside `npm test`. Two
 * replicas of every service and of the gateway under the supervisor, a burst of 2,000 bookings
 * with dispatch and admin work while each replica is killed -9 in turn, NATS and Redis are killed
 * and restarted and the database's connections are cut; then 10,000 fuzzed requests over every
 * route, a drain, and the checks. Sizes: CHAOS_BOOKINGS, CHAOS_FUZZ_REQUESTS; CHAOS_SEED replays.
 */
const BOOKINGS = Number(process.env.CHAOS_BOOKINGS ?? 2000);
const FUZZ = Number(process.env.CHAOS_FUZZ_REQUESTS ?? 10_000);

describe('the product under faults (npm run chaos)', () => {
  it(`keeps every acknowledged booking once and its figures to the cent through ${BOOKINGS} bookings, every kind of fault and ${FUZZ} fuzzed requests`, async () => {
    const replicas = { booking: 2, drivers: 2, fleet: 2, reporting: 2, notifications: 2, customers: 2, gateway: 2 };
    const started = Date.now();
    const report = await runChaos({
      start: oneMachine(replicas),
      load: { bookings: BOOKINGS, concurrency: 16, bookingsPerSecond: 40, drivers: 12, shares: { dispatch: 0.3, complete: 0.1, cancel: 0.05 } },
      faults: everyFault(replicas),
      killsSender: (fault) => 'kill' in fault && fault.kill.startsWith('notifications-'),
      faultGapMs: 3500,
      fuzz: { requests: FUZZ, concurrency: 4 },
      settleTimeoutMs: 180_000,
      sweepSeconds: 10,
      deadlineSeconds: 5,
      seed: process.env.CHAOS_SEED ? Number(process.env.CHAOS_SEED) : undefined,
      log: (line) => process.stdout.write(`${line}\n`),
    });
    process.stdout.write(`\n${formatReport(report)}\nwhole run took ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
    expect(report.problems).toEqual([]);
  }, 60 * 60_000);
});
