import { randomBytes } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import { addDays, businessToday } from '@limo/contracts';
import { eventStreamName } from '@limo/messaging';
import { SseClient } from '../../tests/support/sse.js';
import { benchDrivers } from '../lib/bench-drivers.js';
import { startStackProcess } from '../lib/stack-process.js';
import { percentile } from '../lib/stats.js';
import { sizeSetting } from '../lib/size.js';
import { benchBoard } from './dispatch/board.js';

/**
 * Assign & Notify under load: N drivers, each with their own live stream open, get N rides
 * assigned at once. Measures how long after the assign request each driver's stream shows the
 * ride (beside a bare JetStream publish -> ordered-consumer delivery on the same server), and how
 * late each response deadline fires (beside a plain setTimeout of the same length in this process);
 * then N more rides assigned one at a time, as an admin does, each timed the same way. Then the
 * dispatch board of a day of 200 drivers and 1,000 rides (dispatch/board.ts).
 */
export async function run(): Promise<void> {
  const rides = sizeSetting('BENCH_DISPATCH_RIDES', 50, 2);
  const deadlineS = sizeSetting('BENCH_DISPATCH_DEADLINE_S', 5, 2);
  const adminPassword = `bench-${randomBytes(6).toString('hex')}`;
  const stack = await startStackProcess(['fleet', 'booking', 'drivers', 'reporting'], {
    STACK_ENV: JSON.stringify({ ASSIGNMENT_RESPONSE_SECONDS: String(deadlineS), ADMIN_PASSWORD: adminPassword }),
  });
  const admin = `Basic ${Buffer.from(`admin:${adminPassword}`).toString('base64')}`;
  const streams: SseClient[] = [];
  try {
    const api = async (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) => {
      const res = await fetch(`${stack.baseUrl}${path}`, { ...init, headers: { 'Content-Type': 'application/json', ...init.headers } });
      if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
      return res;
    };
    // Drivers, signed in, on duty, each with a live stream open.
    const drivers = (await benchDrivers(stack.baseUrl, admin, rides, { stream: true })).map((d) => ({ id: d.id, stream: d.stream! }));
    streams.push(...drivers.map((d) => d.stream));
    // One ride per driver for the burst, then one more each for the series one at a time, on
    // days far enough apart that no driver or vehicle is held twice.
    const book = async (day: number) => {
      const res = await api('/api/bookings', {
        method: 'POST',
        body: JSON.stringify({
          tripType: 'one-way',
          pickupDate: addDays(businessToday(), 2 + day),
          pickupTime: '10:00',
          pickupLocation: 'LAX',
          dropoffLocation: 'Downtown Los Angeles',
          vehicleId: 1 + (day % 4),
          firstName: 'Bench',
          lastName: 'Rider',
          email: 'bench@example.com',
          phone: '3105559999',
          paymentMethod: 'phone-card',
        }),
      });
      return (await res.json()) as { id: number };
    };
    const bookings: { id: number }[] = [];
    for (let i = 0; i < rides; i++) bookings.push(await book(i));
    const later: { id: number }[] = [];
    for (let i = 0; i < rides; i++) later.push(await book(rides + i));
    const adminStream = await new SseClient(`${stack.baseUrl}/api/admin/stream`, { Authorization: admin }).open();
    streams.push(adminStream);

    // All at once: each assignment's time to its driver's screen.
    const deadlines = new Map<number, number>();
    const assign = async (booking: { id: number }, i: number) => {
      const t0 = performance.now();
      const res = await api(`/api/admin/bookings/${booking.id}/assign`, { method: 'POST', headers: { Authorization: admin }, body: JSON.stringify({ driverId: drivers[i].id }) });
      deadlines.set(booking.id, new Date(((await res.json()) as { responseDeadline: string }).responseDeadline).getTime());
      await drivers[i].stream.waitFor((u) => u.bookingId === booking.id && u.type === 'booking.ride.assigned.v1', 30_000);
      return performance.now() - t0;
    };
    const latencies = await Promise.all(bookings.map(assign));
    // Nobody answers: every deadline fires; its lateness is the expiry instant minus the deadline.
    const expired = await Promise.all(
      bookings.map((b) => adminStream.waitFor((u) => u.bookingId === b.id && u.type === 'booking.ride.assignment-expired.v1', (deadlineS + 60) * 1000)),
    );
    const lateness = expired.map((u) => new Date(u.at).getTime() - deadlines.get(u.bookingId!)!);
    // As an admin assigns: one ride at a time, each after the last one reached its driver (the
    // stack warm from the burst). Their deadlines fire after the series, unmeasured.
    const oneAtATime: number[] = [];
    for (let i = 0; i < rides; i++) oneAtATime.push(await assign(later[i], i));

    // Comparators on the same machine and server.
    const bare = await bareJetStreamDelivery(stack.prefix, rides);
    const timers = await Promise.all(
      Array.from({ length: rides }, async () => {
        const due = Date.now() + deadlineS * 1000;
        await new Promise((r) => setTimeout(r, deadlineS * 1000));
        return Date.now() - due;
      }),
    );

    const fmt = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return `${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} | ${sorted[sorted.length - 1].toFixed(1)}`;
    };
    console.log(`\n## dispatch (${rides} concurrent assignments, ${deadlineS} s deadlines)`);
    console.log('| series | p50 (ms) | p99 (ms) | max (ms) |');
    console.log('|---|---:|---:|---:|');
    console.log(`| assign request -> the driver's live stream shows the ride, all at once | ${fmt(latencies)} |`);
    console.log(`| the same, one at a time | ${fmt(oneAtATime)} |`);
    console.log(`| bare JetStream publish -> ordered consumer delivery | ${fmt(bare)} |`);
    console.log(`| response deadline firing late by | ${fmt(lateness)} |`);
    console.log(`| setTimeout(${deadlineS} s) in this process, late by | ${fmt(timers)} |`);
  } finally {
    await Promise.all(streams.map((s) => s.close()));
    await stack.stop();
  }
  // The dispatch board (issue 35), on a stack of its own.
  await benchBoard();
}

/** Publish -> delivery through an ordered consumer on the run's stream, `n` times concurrently. */
async function bareJetStreamDelivery(prefix: string, n: number): Promise<number[]> {
  const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
  try {
    const js = jetstream(nc);
    const subject = `${prefix}.evt.bench.probe`;
    const consumer = await js.consumers.get(eventStreamName(prefix), { filter_subjects: subject, deliver_policy: DeliverPolicy.New });
    const messages = await consumer.consume();
    const sent = new Map<string, number>();
    const got: number[] = [];
    const done = (async () => {
      for await (const m of messages) {
        got.push(performance.now() - sent.get(m.string())!);
        if (got.length === n) break;
      }
    })();
    await Promise.all(
      Array.from({ length: n }, async (_, i) => {
        sent.set(String(i), performance.now());
        await js.publish(subject, String(i));
      }),
    );
    await done;
    return got;
  } finally {
    await nc.close();
  }
}
