import { randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { bookingEvents, quotePrice, type BookingSnapshot, type EventEnvelope } from '@limo/contracts';
import { consumerLags, EventPublisher } from '@limo/messaging';
import { startStackProcess } from '../lib/stack-process.js';
import { percentile } from '../lib/stats.js';
import { sizeSetting } from '../lib/size.js';

/**
 * How current the admin's figures stay under load (reporting's projections):
 * 1. drain rate: a burst of booking events already in the stream, applied by reporting, in
 *    events per second (beside a plain INSERT of the same number of rows into a table with pg);
 * 2. freshness: completions at a steady rate; for each, the time from its event being published
 *    to its revenue being counted in reporting's tables (what /api/admin/revenue/daily reads).
 */
export async function run(): Promise<void> {
  const burst = sizeSetting('BENCH_FRESHNESS_BURST', 5000, 100);
  const rate = sizeSetting('BENCH_FRESHNESS_RATE', 200, 20);
  const seconds = sizeSetting('BENCH_FRESHNESS_SECONDS', 10, 1);
  const stack = await startStackProcess(['reporting'], { STACK_ENV: JSON.stringify({ SEED_DEMO_DATA: 'false' }) });
  const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
  const pool = new pg.Pool({ connectionString: stack.databaseUrl, max: 4 });
  const publisher = new EventPublisher(nc, stack.prefix);
  const price = quotePrice({ tripType: 'one-way', meetGreet: true });
  let nextId = 1;
  const snapshot = (id: number, status: BookingSnapshot['status'], version: number): BookingSnapshot => {
    const now = new Date().toISOString();
    return {
      id,
      reference: `LX-B${id}`,
      version,
      tripType: 'one-way',
      status,
      pickupDate: '2026-12-01',
      pickupTime: '10:00',
      pickupLocation: `Pickup ${id % 50}`,
      dropoffLocation: `Dropoff ${id % 30}`,
      duration: null,
      vehicleId: 1 + (id % 4),
      driverId: null,
      firstName: 'Bench',
      lastName: 'Rider',
      email: `rider${id % 500}@example.com`,
      phone: '3105550000',
      totalAmount: price.total,
      createdAt: now,
      updatedAt: now,
      completedAt: status === 'completed' ? now : null,
      price,
    };
  };
  const envelope = (booking: BookingSnapshot, type = bookingEvents.created.type): EventEnvelope => ({
    eventId: randomUUID(),
    type,
    occurredAt: booking.updatedAt,
    aggregateId: String(booking.id),
    data: type === bookingEvents.created.type ? { booking } : { booking, previousStatus: 'confirmed', status: booking.status },
  });
  const lagOf = async () => {
    const pending = (await consumerLags(nc, stack.prefix, ['reporting-bookings']))[0]?.pending ?? -1;
    if (process.env.BENCH_DEBUG) console.log('lag', pending);
    return pending;
  };
  try {
    // 1. Drain rate: stop nothing, just publish faster than it applies, then time the drain.
    const burstStart = performance.now();
    await Promise.all(Array.from({ length: burst }, () => publisher.publish(envelope(snapshot(nextId++, 'pending', 1)))));
    const published = performance.now();
    while ((await lagOf()) !== 0) await new Promise((r) => setTimeout(r, 20));
    const drained = performance.now();
    const drainRate = burst / ((drained - burstStart) / 1000);
    await pool.query('CREATE TABLE public.bench_rows (id int PRIMARY KEY, status text, total_cents bigint, created_at timestamptz)');
    const insertStart = performance.now();
    for (let i = 0; i < burst; i += 100) {
      const ids = Array.from({ length: Math.min(100, burst - i) }, (_, k) => i + k);
      await pool.query(`INSERT INTO public.bench_rows SELECT id, 'pending', 32603, now() FROM unnest($1::int[]) AS id`, [ids]);
    }
    const insertRate = burst / ((performance.now() - insertStart) / 1000);

    // 2. Freshness: completions at `rate` per second for `seconds`; poll the facts for each.
    const total = rate * seconds;
    const ids = Array.from({ length: total }, () => nextId++);
    for (const id of ids) await publisher.publish(envelope(snapshot(id, 'confirmed', 1)));
    while ((await lagOf()) !== 0) await new Promise((r) => setTimeout(r, 20));
    const sentAt = new Map<number, number>();
    const seenAt = new Map<number, number>();
    const poller = (async () => {
      while (seenAt.size < total) {
        const { rows } = await pool.query(`SELECT booking_id FROM reporting.booking_facts WHERE status = 'completed' AND booking_id = ANY($1::int[])`, [ids]);
        const now = performance.now();
        for (const r of rows) if (!seenAt.has(r.booking_id)) seenAt.set(r.booking_id, now);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const start = performance.now();
    for (let i = 0; i < total; i++) {
      const due = start + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      sentAt.set(ids[i], performance.now());
      void publisher.publish(envelope(snapshot(ids[i], 'completed', 2), bookingEvents.statusChanged.type));
    }
    await poller;
    const latencies = ids.map((id) => seenAt.get(id)! - sentAt.get(id)!).sort((a, b) => a - b);

    console.log(`\n## freshness (reporting's projections)`);
    console.log('| series | figure |');
    console.log('|---|---:|');
    console.log(`| burst of ${burst} booking events applied (events/s, publish took ${((published - burstStart) / 1000).toFixed(1)} s) | ${drainRate.toFixed(0)} |`);
    console.log(`| same number of rows INSERTed with pg, 100 per statement (rows/s) | ${insertRate.toFixed(0)} |`);
    console.log(`| completion -> counted in revenue at ${rate}/s, p50 (ms) | ${percentile(latencies, 50).toFixed(1)} |`);
    console.log(`| completion -> counted in revenue at ${rate}/s, p99 (ms) | ${percentile(latencies, 99).toFixed(1)} |`);
  } finally {
    await pool.end();
    await nc.close();
    await stack.stop();
  }
}
