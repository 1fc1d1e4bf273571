import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { signLink } from '@limo/contracts/common/signed-link';
// @ts-expect-error: a plain ES module of the scripts, without type declarations
import { nextDelay, supervise } from '../../scripts/lib/supervisor.mjs';
import { book } from '../support/drivers.js';
import { freePort } from '../support/free-port.js';
import { eventually } from '../support/stack.js';
import { createTestEnv, type TestEnv } from '../support/test-env.js';

describe('the restart delay', () => {
  const backoff = { initialMs: 500, maxMs: 10_000, healthyAfterMs: 30_000 };

  it('doubles on each quick crash up to the ceiling, and starts over after a healthy run', () => {
    const delays: number[] = [];
    let delay = 0;
    for (let i = 0; i < 7; i++) delays.push((delay = nextDelay(delay, 1000, backoff)));
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(nextDelay(10_000, 30_000, backoff)).toBe(500);
  });
});

describe('supervise', () => {
  it('restarts a process that keeps failing with growing delays, logging each exit, while the other keeps running; stop ends both', async () => {
    const logged: string[] = [];
    const supervisor = supervise(
      [
        { name: 'crasher', command: process.execPath, args: ['-e', 'process.exit(3)'] },
        { name: 'steady', command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] },
      ],
      { backoff: { initialMs: 50, maxMs: 200, healthyAfterMs: 10_000 }, log: (name: string, message: string) => logged.push(`${name}: ${message}`), output: () => {} },
    );
    await eventually(async () => supervisor.restarts().crasher >= 4, 5000, 'four restarts');
    const steady = supervisor.pids().steady;
    expect(supervisor.restarts().steady).toBe(0);
    expect(logged.filter((l) => l.startsWith('crasher: exited')).slice(0, 4)).toEqual([
      'crasher: exited (exit code 3); restart #1 in 0.1 s',
      'crasher: exited (exit code 3); restart #2 in 0.1 s',
      'crasher: exited (exit code 3); restart #3 in 0.2 s',
      'crasher: exited (exit code 3); restart #4 in 0.2 s',
    ]);
    await supervisor.stop();
    const restarts = supervisor.restarts().crasher;
    await new Promise((r) => setTimeout(r, 400));
    // No restart after stop, and the steady one is gone.
    expect(supervisor.restarts().crasher).toBe(restarts);
    expect(supervisor.pids()).toEqual({ crasher: undefined, steady: undefined });
    expect(() => process.kill(steady, 0)).toThrow();
  });
});

/**
 * `npm start` as a developer runs it (already built: `--no-build`), on a test database and
 * prefixes, with its own private NATS: kill -9 of a service brings it back while the others keep
 * answering, and SIGTERM stops every process it started. How fast it comes back is a figure of
 * `npm run bench startup` (target 10 s), not an assertion here.
 */
describe('npm start under a crash', () => {
  let env: TestEnv;
  let storeDir: string;
  let start: ChildProcess;
  let baseUrl: string;
  const lines: string[] = [];
  let exited: Promise<number | null>;

  beforeAll(async () => {
    env = await createTestEnv();
    storeDir = await mkdtemp(join(tmpdir(), 'limo-start-'));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const { NATS_URL: _shared, ...outer } = process.env;
    // As on a developer's machine: no link secret, no admin and no HOST set; npm start keeps its own secrets in this file.
    const { LINK_SIGNING_SECRET: _secret, ADMIN_USERNAME: _admin, ADMIN_PASSWORD: _password, ...vars } = env.vars;
    start = spawn(process.execPath, ['scripts/start.mjs', '--no-build'], {
      env: {
        ...outer,
        ...vars,
        HOST: '',
        DEV_SECRETS_FILE: join(storeDir, 'dev-secrets.json'),
        // No NATS_URL: npm start runs its own nats-server, with authentication.
        NATS_URL: '',
        NATS_STORE_DIR: storeDir,
        PORT: String(port),
        METRICS_BASE_PORT: '0',
        SEED_DEMO_BOOKINGS: 'false',
        LOG_PRETTY: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Whole lines only: a chunk may end in the middle of one.
    for (const stream of [start.stdout!, start.stderr!]) {
      let partial = '';
      stream.on('data', (c: Buffer) => {
        const parts = (partial + c.toString()).split('\n');
        partial = parts.pop()!;
        lines.push(...parts.filter(Boolean));
      });
    }
    exited = new Promise((resolve) => start.once('exit', (code) => resolve(code)));
    await eventually(async () => {
      if (start.exitCode !== null) throw new Error(`npm start exited:\n${lines.slice(-20).join('\n')}`);
      return lines.some((l) => l.includes('Prestige Limo is running at'));
    }, 90_000, 'npm start to report the product running');
  }, 120_000);

  afterAll(async () => {
    if (start?.exitCode === null) {
      start.kill('SIGTERM');
      await exited;
    }
    await env?.cleanup();
    if (storeDir) await rm(storeDir, { recursive: true, force: true });
  });

  /** The pids the supervisor reported for a process, in order (one per start). */
  const pidsOf = (name: string) =>
    lines.flatMap((l) => {
      const m = l.match(new RegExp(`^\\[${name}\\]\\s+started \\(pid (\\d+)\\)`));
      return m ? [Number(m[1])] : [];
    });
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  it('prints the development admin login, and it signs in', async () => {
    // Printed a moment after the 'running at' line the start waited for (an import between them).
    const printed = await eventually(async () => lines.map((l) => /Admin login \(development defaults\): (\S+) \/ (\S+)$/.exec(l)).find(Boolean), 5000, 'the admin login line').catch(() => undefined);
    expect(printed).toBeTruthy();
    const [, username, password] = printed!;
    expect(password).not.toBe('undefined');
    const res = await fetch(`${baseUrl}/api/admin/stats`, { headers: { Authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` } });
    expect(res.status).toBe(200);
  });

  it('uses its own NATS with authentication', async () => {
    // Printed a moment after the 'running at' line the start waited for (an import between them).
    const said = await eventually(async () => lines.some((l) => /NATS \(this run's own, with authentication\): nats:\/\/127\.0\.0\.1:\d+/.test(l)) || undefined, 5000, 'the NATS line').catch(() => false);
    expect(said).toBe(true);
    expect(pidsOf('nats')).toHaveLength(1);
  });

  it('restarts a service killed with -9, and it answers again while the others keep serving', async () => {
    await book({ baseUrl });
    const [bookingPid] = pidsOf('booking');
    process.kill(bookingPid, 'SIGKILL');
    const killedAt = Date.now();
    // The fleet service (vehicles) answers throughout.
    const fleetStatuses: number[] = [];
    let watching = true;
    const watch = (async () => {
      while (watching) {
        fleetStatuses.push((await fetch(`${baseUrl}/api/vehicles`)).status);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    try {
      await eventually(
        async () => {
          // 503 while the booking service is down; 201 once it is back.
          await book({ baseUrl });
          return true;
        },
        // Only against a hang: the restart's speed is measured by `npm run bench startup`.
        60_000,
        'the booking service to answer again',
      );
    } finally {
      watching = false;
      await watch;
    }
    console.log(`booking answered again ${((Date.now() - killedAt) / 1000).toFixed(1)} s after kill -9 (a figure, not judged here)`);
    expect(fleetStatuses.length).toBeGreaterThan(0);
    expect(fleetStatuses.every((s) => s === 200)).toBe(true);
    expect(lines.some((l) => /^\[booking\]\s+exited \(signal SIGKILL\); restart #1 in 0\.5 s/.test(l))).toBe(true);
    expect(pidsOf('booking')).toHaveLength(2);
    // Each other process started once; one that did not shows its own lines (why it exited) in the diff.
    const others = ['fleet', 'drivers', 'reporting', 'notifications', 'customers', 'gateway'];
    const startedOnce = Object.fromEntries(others.map((name) => [name, pidsOf(name).length === 1 ? 'once' : lines.filter((l) => l.startsWith(`[${name}]`)).slice(0, 30)]));
    expect(startedOnce).toEqual(Object.fromEntries(others.map((name) => [name, 'once'])));
  }, 90_000);

  it('signs customer links with a secret it made and kept (0600, never printed), not with a value from the source', async () => {
    const file = join(storeDir, 'dev-secrets.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const secret = (JSON.parse(await readFile(file, 'utf8')) as Record<string, string>).LINK_SIGNING_SECRET;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const booking = await book({ baseUrl });
    const lookup = (token: string) => fetch(`${baseUrl}/api/bookings/lookup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
    const claims = { purpose: 'manage' as const, bookingId: booking.id, expiresAt: Math.floor(Date.now() / 1000) + 3600 };
    expect((await lookup(signLink(claims, secret))).status).toBe(200);
    // The value the source used to sign with when LINK_SIGNING_SECRET was unset.
    expect((await lookup(signLink(claims, 'development-only-link-signing-secret-change-me'))).status).toBe(404);
    expect(lines.some((l) => l.includes(secret))).toBe(false);
  });

  it('listens on this machine only (localhost) when HOST is not set', async () => {
    const port = Number(new URL(baseUrl).port);
    const reachable = (host: string) =>
      new Promise<boolean>((resolve) => {
        const socket = connect({ host, port }, () => {
          resolve(true);
          socket.destroy();
        });
        socket.once('error', () => resolve(false));
      });
    const external = Object.values(networkInterfaces()).flat().filter((a) => a && !a.internal && a.family === 'IPv4');
    // This machine's own network address (CI and development machines have one).
    expect(external.length).toBeGreaterThan(0);
    for (const address of external) expect(await reachable(address!.address)).toBe(false);
    expect(await reachable('127.0.0.1')).toBe(true);
  });

  it('stops every process it started on SIGTERM', async () => {
    const pids = ['nats', 'fleet', 'booking', 'drivers', 'reporting', 'notifications', 'customers', 'gateway'].map((name) => pidsOf(name).at(-1)!);
    expect(pids.every(alive)).toBe(true);
    start.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(pids.filter(alive)).toEqual([]);
  }, 30_000);
});
