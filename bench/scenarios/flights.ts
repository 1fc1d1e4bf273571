import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Queue, QueueEvents } from 'bullmq';
import { businessDateTimeOf } from '@limo/contracts';
import { SseClient } from '../../tests/support/sse.js';
import { TEST_SERVERS } from '../../tests/support/test-env.js';
import { benchBookingBody } from '../lib/booking-request.js';
import { fetchOk, runLoad } from '../lib/load.js';
import { benchDrivers } from '../lib/bench-drivers.js';
import { startStackProcess } from '../lib/stack-process.js';
import { printCpuSplit, withCpuSplit, type CpuSplit } from '../lib/cpu-split.js';
import { percentile, summarize, type Summary } from '../lib/stats.js';
import { sizeSetting } from '../lib/size.js';

/**
 * Flights followed (issue 34, "Speed and scale"): N airport pickups, each with its own arriving
 * flight (the simulated provider), every one due at every poll, and a tenth of them delayed 30
 * minutes (the admin's what-if) before each poll. Measures, for the delayed rides that a driver
 * holds (four drivers, four vehicles, live streams open), the time from the start of the poll
 * that saw the delay to the driver's stream showing the moved ride; and a poll's CPU per flight
 * asked (booking service, Postgres, NATS...) beside the CPU of one booking insert
 * (POST /api/bookings) in the same run. Polls are started on demand (a job on the booking
 * service's flight queue, as the schedule adds it), not by the 5-minute schedule.
 */

const LAX = 'Los Angeles International Airport (LAX), 1 World Way, Los Angeles, CA 90045';
const AIRLINES = ['UA', 'AA', 'DL', 'WN', 'AS', 'B6', 'NK', 'HA', 'F9', 'AC'];
const FLIGHTS_QUEUE = 'booking-flights';
const SLOT_MS = 30 * 60_000;
/** A held ride's span is 2.5 h (2 h and the turnaround); 30 minutes of delay and some room. */
const SAME_VEHICLE_APART_MS = 3.5 * 3600_000;
const DELAY_MINUTES = 30;

export async function run(): Promise<void> {
  const flights = sizeSetting('BENCH_FLIGHTS', 2000, 20);
  const polls = sizeSetting('BENCH_FLIGHTS_POLLS', 5, 2);
  const inserts = sizeSetting('BENCH_FLIGHTS_INSERTS', 2000, 10);
  const adminPassword = `bench-${randomBytes(6).toString('hex')}`;
  const stack = await startStackProcess(['fleet', 'booking', 'drivers'], {
    // The schedule's poll runs at start-up and then not within the run: the bench starts each poll.
    STACK_ENV: JSON.stringify({ ADMIN_PASSWORD: adminPassword, FLIGHT_POLL_SECONDS: '3600', FLIGHT_POLL_HOURS_AHEAD: '48' }),
  });
  const admin = `Basic ${Buffer.from(`admin:${adminPassword}`).toString('base64')}`;
  const db = new pg.Pool({ connectionString: stack.databaseUrl, max: 2, options: '-c search_path=booking' });
  const connection = { url: TEST_SERVERS.redis };
  const queue = new Queue(FLIGHTS_QUEUE, { connection, prefix: `${stack.prefix}:bull` });
  const queueEvents = new QueueEvents(FLIGHTS_QUEUE, { connection, prefix: `${stack.prefix}:bull` });
  const streams: SseClient[] = [];
  try {
    await queueEvents.waitUntilReady();
    const api = async (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) => {
      const res = await fetch(`${stack.baseUrl}${path}`, { ...init, headers: { 'Content-Type': 'application/json', Authorization: admin, ...init.headers } });
      if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
      return res;
    };
    const inParallel = async <T>(items: T[], width: number, each: (item: T, i: number) => Promise<unknown>) => {
      let next = 0;
      await Promise.all(Array.from({ length: width }, async () => {
        while (next < items.length) {
          const i = next++;
          await each(items[i], i);
        }
      }));
    };

    // Four drivers, one per demo vehicle, signed in, on duty, their live streams open.
    const drivers = (await benchDrivers(stack.baseUrl, admin, 4, { stream: true })).map((d, i) => ({ id: d.id, vehicleId: i + 1, stream: d.stream! }));
    streams.push(...drivers.map((d) => d.stream));

    // The rides: from LAX, pickups spread over the 30-minute slots of the next 40 hours (the
    // first 2.5 hours out: the booking lead), each with a flight of its own.
    const first = Math.ceil((Date.now() + 150 * 60_000) / SLOT_MS) * SLOT_MS;
    const slots = 80;
    const rides: { id: number; flightNumber: string; pickupAt: number; date: string; cycle: number }[] = [];
    await inParallel(
      Array.from({ length: flights }, (_, i) => i),
      8,
      async (i) => {
        const pickupAt = first + ((i * 37) % slots) * SLOT_MS;
        const { date: pickupDate, time } = businessDateTimeOf(new Date(pickupAt));
        // The what-if names the flight's day: its arrival's (15 minutes before the pickup: a 00:00 pickup's flight lands the day before).
        const { date } = businessDateTimeOf(new Date(pickupAt - 15 * 60_000));
        const flightNumber = `${AIRLINES[i % AIRLINES.length]} ${1 + Math.floor(i / AIRLINES.length)}`;
        const body = { ...JSON.parse(benchBookingBody(i, pickupDate)), pickupTime: time, pickupLocation: LAX, flightNumber, vehicleId: 1 + (i % 4) };
        const booking = (await (await api('/api/bookings', { method: 'POST', body: JSON.stringify(body) })).json()) as { id: number };
        rides[i] = { id: booking.id, flightNumber, pickupAt, date, cycle: i % 10 };
      },
    );

    // Each poll's delayed tenth; of those, the rides a driver can hold (one vehicle's rides 3.5 h apart) are assigned and timed.
    const held = new Map<number, number[]>(drivers.map((d) => [d.id, []]));
    const driverOf = new Map<number, (typeof drivers)[number]>();
    for (const ride of rides.filter((r) => r.cycle < polls)) {
      const driver = drivers.find((d) => held.get(d.id)!.every((t) => Math.abs(t - ride.pickupAt) >= SAME_VEHICLE_APART_MS));
      if (!driver) continue;
      await api(`/api/admin/bookings/${ride.id}/assign`, { method: 'POST', body: JSON.stringify({ driverId: driver.id, vehicleId: driver.vehicleId }) });
      held.get(driver.id)!.push(ride.pickupAt);
      driverOf.set(ride.id, driver);
    }
    // The first poll of every flight (the simulated schedule agrees with the booking: nothing moves), unmeasured.
    await poll(queue, queueEvents);

    const toScreen: number[] = [];
    // From the moment the poll had the delayed flight's answer and wrote the move (the event's time).
    const fromWrite: number[] = [];
    const pollSplits: CpuSplit[] = [];
    const pollTimes: number[] = [];
    let asked = 0;
    let moved = 0;
    for (let cycle = 0; cycle < polls; cycle++) {
      const delayed = rides.filter((r) => r.cycle === cycle);
      await inParallel(delayed, 8, (ride) =>
        api(`/api/admin/flights/${encodeURIComponent(ride.flightNumber)}/delay`, { method: 'PUT', body: JSON.stringify({ date: ride.date, minutes: DELAY_MINUTES }) }),
      );
      // Every tracked flight is asked at this poll (as in the last hour before its pickup).
      await db.query(`UPDATE bookings SET flight_checked_at = NULL WHERE flight_number IS NOT NULL`);
      const arrivals = delayed
        .filter((r) => driverOf.has(r.id))
        .map((r) =>
          driverOf
            .get(r.id)!
            .stream.waitFor((u) => u.bookingId === r.id && u.type === 'booking.booking.updated.v1', 120_000)
            .then((u) => ({ shown: Date.now(), written: new Date(u.at).getTime() })),
        );
      let job: { startedAt: number; finishedAt: number; asked: number; moved: number } | undefined;
      const { split } = await withCpuSplit(stack.processNames, async (): Promise<Summary> => {
        job = await poll(queue, queueEvents);
        return { ...summarize(`poll ${cycle + 1}: ${job.asked} flights asked, ${job.moved} moved`, [job.finishedAt - job.startedAt], 0, 1), requests: job.asked };
      });
      pollSplits.push(split);
      pollTimes.push(job!.finishedAt - job!.startedAt);
      asked += job!.asked;
      moved += job!.moved;
      for (const { shown, written } of await Promise.all(arrivals)) {
        toScreen.push(shown - job!.startedAt);
        fromWrite.push(shown - written);
      }
    }

    // One booking insert's CPU in the same run: POST /api/bookings, 50 clients (as the bookings scenario).
    const insertDate = businessDateTimeOf(new Date(first + 2 * 24 * 3600_000)).date;
    const { split: insertSplit } = await withCpuSplit(stack.processNames, () =>
      runLoad({
        label: 'one booking insert (POST /api/bookings)',
        concurrency: 50,
        requests: inserts,
        op: (i) => fetchOk(`${stack.baseUrl}/api/bookings`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: benchBookingBody(100_000 + i, insertDate) }),
      }),
    );

    const row = (label: string, values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      console.log(`| ${label} | ${sorted.length} | ${percentile(sorted, 50).toFixed(0)} | ${percentile(sorted, 99).toFixed(0)} | ${sorted.at(-1)?.toFixed(0)} |`);
    };
    console.log(`\n## flights (${flights} tracked flights, ${polls} polls, ${flights / 10} delayed ${DELAY_MINUTES} min before each)`);
    console.log('| series | samples | p50 (ms) | p99 (ms) | max (ms) |');
    console.log('|---|---:|---:|---:|---:|');
    row("poll start -> the driver's live stream shows the moved ride", toScreen);
    row('the poll wrote the move (its answer for the flight) -> the same', fromWrite);
    row(`one poll, start to end (${asked / polls} flights asked, ${moved / polls} moved each)`, pollTimes);
    // The product's processes and its servers; 'other' is whatever else the machine ran meanwhile.
    const perFlight = (split: CpuSplit) => [...split.msPerRequest].filter(([group]) => group !== 'other' && group !== 'bench (load)').reduce((a, [, ms]) => a + ms, 0);
    const pollCpu = pollSplits.map(perFlight).sort((a, b) => a - b);
    console.log(`\nA poll's CPU per flight asked (the product's processes, Postgres, NATS, Redis): median ${percentile(pollCpu, 50).toFixed(3)} ms; one booking insert: ${perFlight(insertSplit).toFixed(3)} ms.`);
    printCpuSplit('CPU per flight asked (polls) and per booking insert, by process (ms)', [...pollSplits, insertSplit]);
  } finally {
    await Promise.all(streams.map((s) => s.close()));
    await queueEvents.close();
    await queue.close();
    await db.end();
    await stack.stop();
  }
}

/** Starts one poll on the booking service's worker (as its schedule does) and waits for it. */
async function poll(queue: Queue, events: QueueEvents): Promise<{ startedAt: number; finishedAt: number; asked: number; moved: number }> {
  const job = await queue.add('poll-flights', {}, { removeOnComplete: false, removeOnFail: false });
  const result = (await job.waitUntilFinished(events, 300_000)) as { asked: number; moved: number };
  const done = await queue.getJob(job.id!);
  if (!done?.processedOn || !done.finishedOn) throw new Error('the poll job has no start or end time');
  return { startedAt: done.processedOn, finishedAt: done.finishedOn, asked: result.asked, moved: result.moved };
}
