import { randomBytes, randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { addDays, businessToday, quotePrice } from '@limo/contracts';
import { benchBookingBody } from '../lib/booking-request.js';
import { fetchOk, runLoad } from '../lib/load.js';
import { startMonolithProcess, startStackProcess } from '../lib/stack-process.js';
import { printTable, type Summary } from '../lib/stats.js';
import { printCpuSplit, withCpuSplit } from '../lib/cpu-split.js';
import { sizeSetting } from '../lib/size.js';
import { creditUsedTwice, customersWithCredit, type SignedInCustomer } from '../lib/customer-credit.js';

/**
 * POST /api/bookings (gateway -> NATS -> booking service: validation, pricing, reference,
 * Idempotency-Key, booking row, timeline entry and outbox event in one statement) with 50 concurrent clients,
 * beside a raw INSERT of the same booking row with pg at the booking service's pool size.
 */
export async function run(): Promise<void> {
  const clients = 50;
  const poolSize = sizeSetting('BENCH_DB_POOL_SIZE', 10, 10);
  const durationMs = sizeSetting('BENCH_DURATION_MS', 10_000, 300);
  // The fleet answers which vehicles are in service and their rates for every booking: seeded with the demo fleet.
  // The customers service answers the signed-in series' credit (every booking of it holds $1.00).
  const stack = await startStackProcess(['fleet', 'booking', 'customers'], {
    STACK_ENV: JSON.stringify({ DB_POOL_SIZE: String(poolSize), SEED_DEMO_DATA: 'true' }),
  });
  const pool = new pg.Pool({ connectionString: stack.databaseUrl, max: poolSize, options: '-c search_path=booking' });
  // Three days ahead, 14:30, LAX to Beverly Hills, no party: a ride no advertised offer applies to.
  const pickupDate = addDays(businessToday(), 3);
  const monolith = await startMonolithProcess(stack.databaseUrl, poolSize);
  const post = (withKey: boolean, baseUrl = stack.baseUrl) => (i: number) =>
    fetchOk(`${baseUrl}/api/bookings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(withKey ? { 'Idempotency-Key': randomUUID() } : {}) },
      body: benchBookingBody(i, pickupDate),
    });
  /** A signed-in customer's booking spending `credit` of their Refer & Fly credit, as the wizard sends it after the quote showed it. */
  const postWithCredit = (customers: SignedInCustomer[], credit: string) => (i: number) => {
    const customer = customers[Math.abs(i) % customers.length];
    return fetchOk(`${stack.baseUrl}/api/bookings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID(), cookie: customer.cookie },
      body: benchBookingBody(i, pickupDate, { email: customer.email, benefits: { freeRide: false, credit } }),
    });
  };
  const price = quotePrice({ tripType: 'one-way', meetGreet: true });
  let seq = 0;
  const insert = () =>
    pool.query(
      `INSERT INTO bookings (reference, trip_type, pickup_date, pickup_time, pickup_location, dropoff_location, waypoints, vehicle_id,
         first_name, last_name, email, phone, payment_method, sms_updates, meet_greet, child_seats, base_rate, fare, meet_greet_fee,
         child_seats_fee, service_fee, gratuity, total_amount, status, updated_at)
       VALUES ($1, 'one-way', $2, '14:30', $3, $4, '{}', 1, 'Bench', $5, $6, '(310) 555-0100', 'phone-card', false, true, false,
         $7, $7, $8, $9, $10, $11, $12, 'pending', now())`,
      [
        `RAW-${randomBytes(6).toString('hex')}`,
        pickupDate,
        'Los Angeles International Airport (LAX), 1 World Way, Los Angeles, CA 90045',
        'The Beverly Hills Hotel, 9641 Sunset Blvd, Beverly Hills, CA 90210',
        `Customer${++seq}`,
        `raw${seq}@example.com`,
        price.base,
        price.meetGreet,
        price.childSeats,
        price.serviceFee,
        price.gratuity,
        price.total,
      ],
    );
  try {
    console.log(`(load average before measuring: ${loadavg().map((l) => l.toFixed(2)).join(' ')} on ${cpus().length} cores)`);
    const count = async (where: string) => Number((await pool.query(`SELECT count(*) FROM bookings WHERE ${where}`)).rows[0].count);
    // Unmeasured, at full concurrency and as long as a series: JIT, the service's connection pool
    // and Postgres's caches warm up here, not in whichever series happens to run first. With 3 s
    // the first series was still warming: run first, either series gave 10-20% fewer bookings
    // and more CPU per booking in every process, the load generator's own included (the two
    // series swapped, 6 s each, 2026-11-24).
    await runLoad({ label: 'warm-up', concurrency: clients, durationMs, op: post(true) });
    const warmed = await count(`reference LIKE 'LX-%'`);
    // Each series also says where its CPU went, per request (bench/lib/cpu-split.ts).
    const names = new Map([...stack.processNames, [monolith.pid, 'monolith']]);
    const measured = (label: string, op: (i: number) => Promise<unknown>) =>
      withCpuSplit(names, () => runLoad({ label, concurrency: clients, durationMs, warmup: 50, op }), 50);
    const keyed = await measured('POST /api/bookings via gateway, with Idempotency-Key', post(true));
    const unkeyed = await measured('POST /api/bookings via gateway, no key', post(false));
    const stored = await count(`reference LIKE 'LX-%'`);
    // Signed in, $1.00 of credit a booking: the customers service holds it before the booking is stored.
    const spenders = await customersWithCredit(stack.databaseUrl, 'bench-credit', clients, '90000.00');
    const signedIn = await measured('POST /api/bookings signed in, spending $1.00 credit, with Idempotency-Key', postWithCredit(spenders, '1.00'));
    await runLoad({ label: 'monolith warm-up', concurrency: clients, durationMs, op: post(true, monolith.baseUrl) });
    const monoKeyed = await measured('monolith (NestJS + Prisma, one process), with Idempotency-Key', post(true, monolith.baseUrl));
    const monoUnkeyed = await measured('monolith, no key', post(false, monolith.baseUrl));
    const raw = await measured(`raw INSERT of the same row with pg (pool ${poolSize})`, insert);
    const series = [keyed, unkeyed, signedIn, monoKeyed, monoUnkeyed, raw];
    printTable(`bookings (${clients} concurrent clients, booking service pool ${poolSize}, ${durationMs / 1000} s each)`, series.map((s) => s.summary));
    printCpuSplit('CPU per request (ms), by process, in the same series', series.map((s) => s.split));
    const ratio = (a: { summary: Summary }, b: { summary: Summary }) => (a.summary.throughput / b.summary.throughput).toFixed(2);
    console.log(`| figure | with key | no key | target |`);
    console.log(`|---|---:|---:|---|`);
    console.log(`| product / monolith | ${ratio(keyed, monoKeyed)}x | ${ratio(unkeyed, monoUnkeyed)}x | >= 1.0x |`);
    console.log(`| product / raw INSERT | ${ratio(keyed, raw)}x | ${ratio(unkeyed, raw)}x | >= 0.35x (aim 0.5x) |`);
    console.log(`| signed in with credit / raw INSERT | ${ratio(signedIn, raw)}x | | >= 0.35x |`);
    console.log(`| signed in with credit / monolith | ${ratio(signedIn, monoKeyed)}x | | >= 1.0x |`);
    // A burst: 20 customers with $10.00 each, five bookings each at once, all spending the $10.00.
    const burst = await customersWithCredit(stack.databaseUrl, 'bench-burst', 20, '10.00');
    const tries = await Promise.allSettled(Array.from({ length: burst.length * 5 }, (_, i) => postWithCredit(burst, '10.00')(i)));
    const twice = await creditUsedTwice(stack.databaseUrl, burst.map((c) => c.email));
    const took = tries.filter((t) => t.status === 'fulfilled').length;
    console.log(
      `credit burst: ${took} of ${tries.length} bookings took their customer's $10.00${took === burst.length ? '' : ` (MISMATCH: ${burst.length} expected, one each)`}; ` +
        `credit used twice: ${twice.emails} customers, $${(twice.overdrawnCents / 100).toFixed(2)}${twice.emails === 0 ? '' : ' (MISMATCH)'}`,
    );
    // Every answered POST stored exactly one booking (warm-up requests included).
    const expected = warmed + keyed.summary.requests + unkeyed.summary.requests + 100;
    console.log(`stored bookings: ${stored} for ${expected} answered POSTs${stored === expected ? '' : ' (MISMATCH)'}`);
    // One `created` event per booking stored, the signed-in series' and the burst's included.
    const events = Number((await pool.query(`SELECT count(*) FROM outbox_events WHERE type = 'booking.booking.created.v1'`)).rows[0].count);
    const all = await count(`reference LIKE 'LX-%'`);
    console.log(`created events in the outbox: ${events} for ${all} bookings${events === all ? '' : ' (MISMATCH)'}`);
  } finally {
    await monolith.stop();
    await pool.end();
    await stack.stop();
  }
}
