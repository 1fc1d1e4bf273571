import { formatReport, oneMachine, runChaos } from '../support/chaos/chaos-run.js';

/**
 * The fault suite, small (`npm run chaos` is the big one, docs/operations.md): on a private stack
 * with two booking replicas, a burst of bookings with dispatch and admin work while a booking
 * replica is killed -9, NATS and Redis are killed and restarted and the database's connections
 * are cut; then every acknowledged booking is there once, every deadline fired or was answered
 * once, the projections equal a recomputation to the cent, and nothing went to the dead letters.
 */
describe('the product under faults (small)', () => {
  it('loses nothing, duplicates nothing and keeps its figures to the cent through a replica kill and NATS, Redis and Postgres faults', async () => {
    const report = await runChaos({
      start: oneMachine({ booking: 2, drivers: 1, fleet: 1, reporting: 1, notifications: 1, customers: 1, gateway: 1 }),
      load: { bookings: 100, concurrency: 6, bookingsPerSecond: 12, drivers: 3, shares: { dispatch: 0.35, complete: 0.15, cancel: 0.05 } },
      faults: [{ kill: 'booking-1' }, { restart: 'nats' }, { restart: 'redis' }, { terminate: 'postgres' }],
      faultGapMs: 1500,
      // booking-1 only: no sender is killed, so no message may be left in doubt.
      killsSender: () => false,
      fuzz: { requests: 100, concurrency: 2 },
      settleTimeoutMs: 60_000,
      sweepSeconds: 3,
      deadlineSeconds: 3,
      log: process.env.CHAOS_LOG ? (line) => process.stdout.write(`${line}\n`) : undefined,
    });
    if (process.env.CHAOS_LOG || !report.ok) process.stdout.write(`${formatReport(report)}\n`);
    expect(report.problems).toEqual([]);
    expect(report.figures.acked).toBeGreaterThan(50);
    expect(report.figures.deadlinesFired).toBeGreaterThan(0);
    expect(report.figures.restarts['booking-1']).toBe(1);
  }, 180_000);
});
