import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { recomputeBookingAggregates } from '@limo/reporting';
import { fetchOk, runLoad } from '../lib/load.js';
import { startStackProcess } from '../lib/stack-process.js';
import { printTable, type Summary } from '../lib/stats.js';
import { sizeSetting } from '../lib/size.js';
import { printCpuSplit, withCpuSplit, type CpuSplit } from '../lib/cpu-split.js';

const TZ = 'America/Los_Angeles';

/**
 * The admin dashboard's calls with BENCH_DASHBOARD_BOOKINGS (default 1,000,000) bookings loaded,
 * served from reporting's projections through the gateway, beside plain SQL aggregates over the
 * same bookings in the booking service's table. The bookings are generated with SQL
 * generate_series straight into booking.bookings and reporting.booking_facts (the projections'
 * per-booking rows), and the aggregate tables are then recomputed from the facts with the
 * rebuild's own SQL: no events flow, so loading takes seconds rather than hours.
 */
export async function run(): Promise<void> {
  const count = sizeSetting('BENCH_DASHBOARD_BOOKINGS', 1_000_000, 2_000);
  const durationMs = sizeSetting('BENCH_DURATION_MS', 10_000, 300);
  const concurrency = 8;
  const password = `bench-${randomBytes(12).toString('base64url')}`;
  const stack = await startStackProcess(['booking', 'reporting', 'drivers'], {
    STACK_ENV: JSON.stringify({ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: password, SEED_DEMO_DATA: 'false' }),
  });
  const pool = new pg.Pool({ connectionString: stack.databaseUrl, max: concurrency });
  const auth = { Authorization: `Basic ${Buffer.from(`admin:${password}`).toString('base64')}` };
  try {
    console.log(`\n## dashboard: loading ${count.toLocaleString('en-US')} bookings (SQL generate_series into booking.bookings and reporting.booking_facts)`);
    const load = await loadBookings(pool, count);
    console.log(
      `loaded in ${(load.bookingsMs / 1000).toFixed(1)} s (booking table) + ${(load.factsMs / 1000).toFixed(1)} s (projection facts) + ${(load.aggregatesMs / 1000).toFixed(1)} s (aggregates recomputed)`,
    );

    const { year, month, monthStart, nextMonthStart } = await currentLaMonth(pool);
    console.log(`(load average before measuring: ${loadavg().map((l) => l.toFixed(2)).join(' ')} on ${cpus().length} cores)`);
    // Warm the credential cache (one slow hash) before measuring, and keep the known-device
    // cookie the first answer sets, as the admin's browser does.
    const cookies = await fetchOk(`${stack.baseUrl}/api/admin/stats`, { headers: auth });
    const headers = { ...auth, cookie: cookies.join('; ') };
    const get = (path: string) => () => fetchOk(`${stack.baseUrl}${path}`, { headers });
    const calls: [string, string][] = [
      ['GET /api/admin/stats', '/api/admin/stats'],
      ['GET /api/admin/notifications', '/api/admin/notifications'],
      [`GET /api/admin/revenue/daily?month=${month}&year=${year}`, `/api/admin/revenue/daily?month=${month}&year=${year}`],
      [`GET /api/admin/revenue/monthly?year=${year}`, `/api/admin/revenue/monthly?year=${year}`],
      ['GET /api/admin/revenue/summary', '/api/admin/revenue/summary'],
      ['GET /api/admin/reports', '/api/admin/reports'],
    ];
    // Unmeasured, at the series' concurrency and as long as one, every call in turn: JIT and the
    // gateway's kept answers warm up here, not in whichever call is measured first (with 20
    // requests one at a time as the only warm-up, the first call measured, stats, had a p99 of
    // 11-12 ms and fewer answers a second than every call after it; 2026-11-24).
    let turn = 0;
    await runLoad({ label: 'warm-up', concurrency, durationMs: durationMs / 2, op: () => get(calls[turn++ % calls.length][1])() });
    const viaProjections: Summary[] = [];
    const splits: CpuSplit[] = [];
    for (const [label, path] of calls) {
      const { summary, split } = await withCpuSplit(stack.processNames, () => runLoad({ label, concurrency, durationMs: durationMs / 2, warmup: 20, op: get(path) }), 20);
      viaProjections.push(summary);
      splits.push(split);
    }
    printTable(`dashboard calls via gateway -> reporting projections (${count.toLocaleString('en-US')} bookings, concurrency ${concurrency})`, viaProjections);
    printCpuSplit('CPU per call (ms), by process, in the same series', splits);

    // The dashboard also lists bookings straight from the booking service (pending requests and
    // the three of recent activity; the bookings page's whole list beside them): not projections,
    // so measured apart, a few calls each, errors counted.
    const bookingCalls: Summary[] = [];
    for (const path of ['/api/bookings/pending', '/api/bookings?limit=3', '/api/bookings']) {
      bookingCalls.push(await runLoad({ label: `GET ${path}`, concurrency: 1, requests: 3, durationMs: durationMs / 2, op: get(path) }));
    }
    printTable(`dashboard calls served by the booking service's table (${count.toLocaleString('en-US')} bookings, concurrency 1)`, bookingCalls);

    const plain: [string, string, unknown[]][] = [
      [
        'stats: count/pending/completed/revenue/this month over booking.bookings',
        `SELECT count(*) AS total, count(*) FILTER (WHERE status = 'pending') AS pending,
                count(*) FILTER (WHERE status = 'completed') AS completed,
                coalesce(sum(total_amount) FILTER (WHERE status = 'completed'), 0) AS revenue,
                count(*) FILTER (WHERE created_at >= $1) AS this_month
         FROM booking.bookings`,
        [monthStart],
      ],
      [
        'notifications: count of pending bookings',
        `SELECT count(*) FROM booking.bookings WHERE status = 'pending'`,
        [],
      ],
      [
        'daily revenue of the month (LA days)',
        `SELECT (completed_at AT TIME ZONE '${TZ}')::date AS day, sum(total_amount), count(*) FROM booking.bookings
         WHERE status = 'completed' AND completed_at >= $1 AND completed_at < $2 GROUP BY 1 ORDER BY 1`,
        [monthStart, nextMonthStart],
      ],
      [
        'monthly revenue of the year (LA months)',
        `SELECT date_trunc('month', completed_at AT TIME ZONE '${TZ}') AS month, sum(total_amount), count(*) FROM booking.bookings
         WHERE status = 'completed' AND (completed_at AT TIME ZONE '${TZ}') >= make_date($1, 1, 1) - interval '1 month'
           AND (completed_at AT TIME ZONE '${TZ}') < make_date($1 + 1, 1, 1) GROUP BY 1 ORDER BY 1`,
        [year],
      ],
    ];
    const sqlRows: Summary[] = [];
    for (const [label, sql, params] of plain) {
      sqlRows.push(await runLoad({ label, concurrency: 2, durationMs: durationMs / 2, requests: 40, warmup: 1, op: () => pool.query(sql, params) }));
    }
    printTable(`plain SQL aggregates over booking.bookings (${count.toLocaleString('en-US')} rows, concurrency 2)`, sqlRows);

    await checkFiguresAgree(stack.baseUrl, auth, pool, monthStart, year, month);
  } finally {
    await pool.end();
    await stack.stop();
  }
}

async function currentLaMonth(pool: pg.Pool) {
  const { rows } = await pool.query(
    `SELECT extract(year FROM now() AT TIME ZONE $1)::int AS year, extract(month FROM now() AT TIME ZONE $1)::int AS month,
            (date_trunc('month', now() AT TIME ZONE $1) AT TIME ZONE $1) AS month_start,
            ((date_trunc('month', now() AT TIME ZONE $1) + interval '1 month') AT TIME ZONE $1) AS next_month_start`,
    [TZ],
  );
  return { year: rows[0].year as number, month: rows[0].month as number, monthStart: rows[0].month_start as Date, nextMonthStart: rows[0].next_month_start as Date };
}

/**
 * One generated population, written twice: as booking rows (the source) and as projection facts.
 * Deterministic: booking g is created at an even spread from 2024-01-01 to now; 60% completed
 * 1-72 hours later, the rest pending, confirmed, in progress or cancelled.
 */
async function loadBookings(pool: pg.Pool, count: number) {
  // One end instant for both inserts: with now() each statement spread the population over a
  // slightly different span, and a booking near a month boundary fell into different months.
  const until = new Date();
  const population = `
    SELECT g,
           CASE WHEN g % 10 < 6 THEN 'completed' WHEN g % 10 = 6 THEN 'pending' WHEN g % 10 = 7 THEN 'confirmed'
                WHEN g % 10 = 8 THEN 'in-progress' ELSE 'cancelled' END AS status,
           7500 + (g * 7919) % 60000 AS cents,
           timestamptz '2024-01-01 08:00:00+00' + ($2::timestamptz - timestamptz '2024-01-01 08:00:00+00' - interval '3 days') * (g::float8 / $1) AS created_at,
           ((g * 31) % 72 + 1) * interval '1 hour' AS completes_after,
           'customer' || (g * 13) % 150000 || '@example.com' AS email,
           (ARRAY['LAX - Los Angeles International Airport', 'Burbank Airport', 'Long Beach Airport', 'Beverly Hills', 'Santa Monica', 'Downtown Los Angeles'])[(1 + g % 6)::int] AS pickup,
           (ARRAY['Downtown Los Angeles', 'Hollywood', 'Anaheim', 'Irvine', 'Pasadena', 'LAX - Los Angeles International Airport', 'Malibu'])[(1 + (g / 6) % 7)::int] AS dropoff
    FROM generate_series(1::bigint, $1::bigint) AS g`;
  let started = performance.now();
  await pool.query(
    `INSERT INTO booking.bookings (id, reference, version, trip_type, pickup_date, pickup_time, pickup_location, dropoff_location,
       vehicle_id, driver_id, first_name, last_name, email, phone, payment_method, base_rate, fare, meet_greet_fee, child_seats_fee,
       service_fee, gratuity, total_amount, status, completed_at, created_at, updated_at)
     SELECT g, 'LX-B' || g, 1, 'one-way', (created_at AT TIME ZONE '${TZ}')::date + 1, '10:00', pickup, dropoff,
       1 + g % 4, 1 + g % 5, 'Bench', 'Customer', email, '3105550100', 'phone-card', cents / 100.0, cents / 100.0, 0, 0, 0, 0, cents / 100.0,
       status, CASE WHEN status = 'completed' THEN created_at + completes_after END, created_at, created_at
     FROM (${population}) p`,
    [count, until],
  );
  const bookingsMs = performance.now() - started;
  started = performance.now();
  await pool.query(
    `INSERT INTO reporting.booking_facts (booking_id, version, status, total_cents, created_at, created_month, completed_at,
       completed_day, customer_key, pickup_location, dropoff_location, driver_id, vehicle_id)
     SELECT g, 1, status, cents, created_at, date_trunc('month', created_at AT TIME ZONE '${TZ}')::date,
       CASE WHEN status = 'completed' THEN created_at + completes_after END,
       CASE WHEN status = 'completed' THEN ((created_at + completes_after) AT TIME ZONE '${TZ}')::date END,
       email, pickup, dropoff, 1 + g % 5, 1 + g % 4
     FROM (${population}) p`,
    [count, until],
  );
  const factsMs = performance.now() - started;
  started = performance.now();
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL search_path TO reporting');
    await recomputeBookingAggregates({
      $executeRawUnsafe: async (sql: string, ...values: unknown[]) => (await client.query(sql, values)).rowCount ?? 0,
      $queryRawUnsafe: async <T>(sql: string, ...values: unknown[]) => (await client.query(sql, values)).rows as T,
    });
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
  // As a database that has been running is: vacuumed (which autovacuum would otherwise start on
  // the million new rows while the calls are measured) and checkpointed (the load's dirty pages
  // written out then, not during the measurement). Both series run after it.
  await pool.query('VACUUM ANALYZE booking.bookings');
  await pool.query('VACUUM ANALYZE reporting.booking_facts');
  await pool.query('CHECKPOINT');
  return { bookingsMs, factsMs, aggregatesMs: performance.now() - started };
}

/** The projections and the plain aggregates must tell the same story. */
async function checkFiguresAgree(baseUrl: string, headers: Record<string, string>, pool: pg.Pool, monthStart: Date, year: number, month: number) {
  const stats = (await (await fetch(`${baseUrl}/api/admin/stats`, { headers })).json()) as Record<string, unknown>;
  const daily = (await (await fetch(`${baseUrl}/api/admin/revenue/daily?month=${month}&year=${year}`, { headers })).json()) as { totalRevenue: string }[];
  const { rows } = await pool.query(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'pending')::int AS pending,
            count(*) FILTER (WHERE status = 'completed')::int AS completed,
            coalesce(sum(total_amount) FILTER (WHERE status = 'completed'), 0)::text AS revenue,
            count(*) FILTER (WHERE created_at >= $1)::int AS this_month,
            coalesce(sum(total_amount) FILTER (WHERE status = 'completed' AND completed_at >= $1), 0)::text AS month_revenue
     FROM booking.bookings`,
    [monthStart],
  );
  const sql = rows[0];
  const monthFromProjection = (daily.reduce((sum, d) => sum + Math.round(Number(d.totalRevenue) * 100), 0) / 100).toFixed(2);
  const pairs: [string, unknown, unknown][] = [
    ['total bookings', stats.totalBookings, sql.total],
    ['pending', stats.pendingRequests, sql.pending],
    ['completed', stats.completedBookings, sql.completed],
    ['total revenue', stats.totalRevenue, sql.revenue],
    ['bookings this month', stats.bookingsThisMonth, sql.this_month],
    ['revenue this month', monthFromProjection, sql.month_revenue],
  ];
  console.log('\n| figure | projections | plain SQL | agree |');
  console.log('|---|---:|---:|---|');
  for (const [name, a, b] of pairs) console.log(`| ${name} | ${a} | ${b} | ${String(a) === String(b) ? 'yes' : 'NO'} |`);
}
