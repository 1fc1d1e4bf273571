import { formatReport, runChaos, type FaultTimes } from '../support/chaos/chaos-run.js';
import { threeHosts, type ClusterFault } from '../support/chaos/cluster-stack.js';

/**
 * `npm run chaos -- --cluster` (scripts/chaos.mjs): the product on `npm run cluster`'s three hosts
 * under a burst of bookings with dispatch and admin work while the NATS server leading the
 * event stream is killed, a host (not the entry's, not the PostgreSQL primary's) is cut off the
 * network and healed, all of its processes are killed, and the PostgreSQL primary and the Redis
 * master are lost. Then the checks of every
 * fault run: nothing acknowledged lost or applied twice, the projections equal to the cent, every
 * deadline fired once; and each fault's time until bookings are taken again, against its target.
 * Needs root and the cluster's packages (docs/operations.md). Size: CHAOS_BOOKINGS.
 */
const BOOKINGS = Number(process.env.CHAOS_BOOKINGS ?? 600);

/**
 * `CHAOS_TARGETS=report` (for a CI step): a fault's time past its target is printed, not failed; every
 * check of the data still fails the run. A recovery time on two shared cores is a measurement,
 * as the benchmarks' figures are, and CI's verdict is on what was lost or done twice.
 */
const REPORT_TARGETS_ONLY = process.env.CHAOS_TARGETS === 'report';

/** Issue 38's targets: bookings taken again within this long of the fault's start. */
const TARGET_MS: Record<string, number> = { nats: 10_000, partition: 10_000, host: 10_000, postgres: 30_000, redis: 15_000 };
const targetOf = (fault: ClusterFault): [string, number] => {
  if ('partition' in fault) return ['partition', TARGET_MS.partition!];
  if ('killHost' in fault) return ['host', TARGET_MS.host!];
  if ('lose' in fault) return fault.lose === 'postgres primary' ? ['postgres', TARGET_MS.postgres!] : ['redis', TARGET_MS.redis!];
  return ['nats', TARGET_MS.nats!];
};

describe('the product on three hosts under faults (npm run chaos -- --cluster)', () => {
  it(`keeps every acknowledged booking once and its figures to the cent through ${BOOKINGS} bookings and the loss of any one server or host`, async () => {
    const faults: ClusterFault[] = [
      { restart: 'nats stream leader' },
      { partition: 'a host', forMs: 20_000 },
      { killHost: 'a host' },
      { lose: 'postgres primary' },
      { lose: 'redis master' },
    ];
    const started = Date.now();
    const report = await runChaos({
      start: threeHosts(),
      load: { bookings: BOOKINGS, concurrency: 8, bookingsPerSecond: 3, drivers: 6, shares: { dispatch: 0.3, complete: 0.1, cancel: 0.05 } },
      faults,
      faultGapMs: 15_000,
      fuzz: { requests: 0, concurrency: 1 },
      settleTimeoutMs: 300_000,
      sweepSeconds: 10,
      deadlineSeconds: 10,
      // A partition heals after its 20 s: answers cut short by it arrive up to a request's timeout later.
      faultTailMs: 35_000,
      // The host killed takes its notifications replica with it.
      killsSender: (fault) => 'killHost' in fault,
      log: (line) => process.stdout.write(`${line}\n`),
    });
    const missed = report.faultTimes.flatMap((t: FaultTimes, i) => {
      const [kind, target] = targetOf(faults[i]!);
      return t.bookingsTakenAgainMs !== null && t.bookingsTakenAgainMs <= target ? [] : [`${kind}: bookings taken again after ${t.bookingsTakenAgainMs ?? 'never'} ms, target ${target} ms`];
    });
    process.stdout.write(`\n${formatReport(report)}\n`);
    process.stdout.write(`targets: ${missed.length ? missed.join('; ') : 'every fault within its target (NATS server, partition, host 10 s; PostgreSQL primary 30 s; Redis master 15 s)'}\n`);
    process.stdout.write(`whole run took ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
    expect(report.problems).toEqual([]);
    if (!REPORT_TARGETS_ONLY) expect(missed).toEqual([]);
  }, 90 * 60_000);
});
