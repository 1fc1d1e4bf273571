import { randomUUID } from 'node:crypto';
import { addDays, businessToday } from '@limo/contracts';
// @ts-ignore: a plain ES module of the scripts, without type declarations (typed where a config allows JS)
import { missingPackages } from '../../scripts/lib/cluster/packages.mjs';
import { threeHosts } from '../../tests/support/chaos/cluster-stack.js';
import { benchBookingBody } from '../lib/booking-request.js';
import { fetchOk, runLoad } from '../lib/load.js';
import { startStackProcess } from '../lib/stack-process.js';
import { printTable } from '../lib/stats.js';
import { sizeSetting } from '../lib/size.js';

/**
 * POST /api/bookings with an Idempotency-Key at 50 clients on `npm run cluster`'s three hosts
 * (R3 streams, a synchronous standby, every service on each host, HAProxy in front), beside the
 * same on one machine (the gateway, fleet, booking and customers processes) in the same run.
 * Needs root and the cluster's packages; without them it says so and measures nothing.
 */
export async function run(): Promise<void> {
  const missing = process.getuid?.() === 0 ? (missingPackages() as string[]) : ['root'];
  if (missing.length) {
    console.log(`\n## cluster-bookings\nskipped: needs ${missing.join(', ')} (docs/operations.md, npm run cluster)`);
    return;
  }
  const clients = 50;
  const durationMs = sizeSetting('BENCH_DURATION_MS', 10_000, 300);
  const pickupDate = addDays(businessToday(), 3);
  const post = (baseUrl: string) => (i: number) =>
    fetchOk(`${baseUrl}/api/bookings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
      body: benchBookingBody(i, pickupDate),
    });
  const measure = async (label: string, baseUrl: string) => {
    await runLoad({ label: `${label} warm-up`, concurrency: clients, durationMs, op: post(baseUrl) });
    return runLoad({ label, concurrency: clients, durationMs, warmup: 50, op: post(baseUrl) });
  };

  const one = await startStackProcess(['fleet', 'booking', 'customers'], { STACK_ENV: JSON.stringify({ SEED_DEMO_DATA: 'true' }) });
  let single;
  try {
    single = await measure('one machine: gateway, fleet, booking, customers (R1 stream, one PostgreSQL)', one.baseUrl);
  } finally {
    await one.stop();
  }
  const cluster = await threeHosts()({});
  let three;
  try {
    three = await measure('three hosts through HAProxy (R3 streams, synchronous standby)', cluster.gateways[0]!);
  } finally {
    await cluster.stop();
  }
  printTable(`cluster-bookings (${clients} concurrent clients, ${durationMs / 1000} s each, with Idempotency-Key)`, [single, three]);
  console.log(`| figure | value |\n|---|---:|\n| three hosts / one machine, req/s | ${(three.throughput / single.throughput).toFixed(2)}x |`);
}
