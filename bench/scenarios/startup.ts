import { spawn } from 'node:child_process';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { addDays, businessToday } from '@limo/contracts';
import { createTestEnv } from '../../tests/support/test-env.js';
import { benchBookingBody } from '../lib/booking-request.js';
import { fetchOk, runLoad } from '../lib/load.js';
import { sizeSetting } from '../lib/size.js';

const RSS_TARGET_MB = 150;
const START_TARGET_S = 30;
const RESTART_TARGET_S = 10;

/**
 * `npm start` as a user runs it (built, demo data, its own NATS with authentication, the
 * supervisor): seconds until it reports the product running and /api/health is green, then the
 * resident memory of each process idle and after a burst of bookings and reads, then seconds from
 * a kill -9 of the booking service until a booking is taken again (the supervisor restarts it).
 */
export async function run(): Promise<void> {
  const env = await createTestEnv();
  const storeDir = await mkdtemp(join(tmpdir(), 'limo-bench-start-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { NATS_URL: _shared, ...outer } = process.env;
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs', '--no-build'], {
    env: { ...outer, ...env.vars, NATS_URL: '', NATS_STORE_DIR: storeDir, PORT: String(port), METRICS_BASE_PORT: '0', LOG_PRETTY: 'false', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (c: Buffer) => lines.push(...c.toString().split('\n')));
  try {
    while (!lines.some((l) => l.includes('Prestige Limo is running at'))) {
      if (child.exitCode !== null) throw new Error(`npm start exited:\n${lines.slice(-20).join('\n')}`);
      if (performance.now() - started > 120_000) throw new Error('npm start did not report running within 120 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    const startSeconds = (performance.now() - started) / 1000;
    const pids = Object.fromEntries(
      ['gateway', 'booking', 'drivers', 'fleet', 'reporting', 'notifications', 'customers'].map((name) => {
        const found = lines.map((l) => l.match(new RegExp(`^\\[${name}\\]\\s+started \\(pid (\\d+)\\)`))).filter(Boolean).pop();
        return [name, Number(found?.[1])];
      }),
    );
    await new Promise((r) => setTimeout(r, sizeSetting('BENCH_IDLE_MS', 10_000, 1000)));
    const idle = await rssOf(pids);

    const pickupDate = addDays(businessToday(), 10);
    const burst = await runLoad({
      label: 'burst: POST /api/bookings + GET /api/vehicles',
      concurrency: 20,
      requests: sizeSetting('BENCH_STARTUP_BURST', 2000, 40),
      op: (i) =>
        i % 2
          ? fetchOk(`${baseUrl}/api/vehicles`)
          : fetchOk(`${baseUrl}/api/bookings`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
              body: benchBookingBody(i, pickupDate),
            }),
    });
    const after = await rssOf(pids);
    // And once idle again: V8 hands back heap it no longer needs a few seconds after the load.
    await new Promise((r) => setTimeout(r, sizeSetting('BENCH_IDLE_MS', 10_000, 1000)));
    const rested = await rssOf(pids);

    // The gateway answers 503 for a booking while the booking service is down.
    process.kill(pids.booking, 'SIGKILL');
    const killedAt = performance.now();
    for (let i = 0; ; i++) {
      const booked = await fetchOk(`${baseUrl}/api/bookings`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
        body: benchBookingBody(i, pickupDate),
      }).then(() => true, () => false);
      if (booked) break;
      if (performance.now() - killedAt > 120_000) throw new Error('the booking service did not take a booking within 120 s of kill -9');
      await new Promise((r) => setTimeout(r, 100));
    }
    const restartSeconds = (performance.now() - killedAt) / 1000;

    console.log(`\n## startup: npm start (built, demo data, own NATS), memory per process, restart after kill -9`);
    console.log(`| figure | value | target |`);
    console.log(`|---|---:|---|`);
    console.log(`| npm start to running and healthy | ${startSeconds.toFixed(1)} s | <= ${START_TARGET_S} s |`);
    console.log(`| kill -9 of the booking service to a booking taken again | ${restartSeconds.toFixed(1)} s | <= ${RESTART_TARGET_S} s |`);
    console.log(`| burst requests (errors) | ${burst.requests} (${burst.errors}) | |`);
    console.log(`\n| process | RSS idle (MB) | RSS right after the burst (MB) | RSS 10 s later (MB) | target (MB) |`);
    console.log(`|---|---:|---:|---:|---:|`);
    for (const name of Object.keys(pids)) {
      console.log(`| ${name} | ${idle[name].toFixed(0)} | ${after[name].toFixed(0)} | ${rested[name].toFixed(0)} | ${RSS_TARGET_MB} |`);
    }
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await env.cleanup();
    await rm(storeDir, { recursive: true, force: true });
  }
}

/** Resident memory (VmRSS) of each process, in MB, from /proc. */
async function rssOf(pids: Record<string, number>): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, pid] of Object.entries(pids)) {
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    out[name] = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
  }
  return out;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}
