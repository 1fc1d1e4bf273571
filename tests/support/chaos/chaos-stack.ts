import { join } from 'node:path';
import pg from 'pg';
import type { NatsConnection } from '@nats-io/transport-node';
import type { ServiceName } from '@limo/contracts';
import { connectNats } from '@limo/messaging';
// @ts-ignore: a plain ES module of the scripts, without type declarations (typed where a config allows JS)
import { PRODUCT_ENV, productNodeArgs } from '../../../scripts/lib/node-args.mjs';
import { supervise } from '../../../scripts/lib/supervisor.mjs';
import { everyServiceUp } from './chaos-client.js';
import { freePort } from '../free-port.js';
import { ENTRY } from '../processes.js';
import { startPrivateNats, type PrivateNats } from '../private-nats.js';
import { startPrivateRedis, type PrivateRedis } from '../private-redis.js';
import { createTestEnv, type TestEnv } from '../test-env.js';

export type ProcessKind = ServiceName | 'gateway';

/** How many processes of each kind: every service and the gateway. */
export type Replicas = Record<ProcessKind, number>;

interface Supervisor {
  pids(): Record<string, number | undefined>;
  restarts(): Record<string, number>;
  stop(): Promise<void>;
}

/**
 * The product as `npm start` runs it, but several replicas of each process, all under the
 * supervisor of `npm start` (scripts/lib/supervisor.mjs), on a private nats-server with
 * authentication (each process logs in as its own user), a private redis-server, and a database
 * of its own on the shared PostgreSQL. Everything a fault suite needs to break on purpose:
 * `kill -9` of one replica, NATS and Redis restarts, the database's connections terminated.
 */
export interface ChaosStack {
  env: TestEnv;
  nats: PrivateNats;
  redis: PrivateRedis;
  /** One base URL per gateway replica. */
  gateways: string[];
  /** Process names: `booking-1`, `booking-2`, `gateway-1`, ... */
  names: string[];
  /** kill -9 of one process; the supervisor starts it again. Resolves once it has a new pid. */
  kill(name: string): Promise<void>;
  restarts(): Record<string, number>;
  /** kill -9 of nats-server, then started again on the same port and store. */
  restartNats(): Promise<void>;
  /** kill -9 of redis-server, then started again on the same port, empty. */
  restartRedis(): Promise<void>;
  /** pg_terminate_backend of every connection to this stack's database; returns how many. */
  terminateDatabaseConnections(): Promise<number>;
  /** A NATS connection as the gateway's user (it may read consumer lags and the dead letters). */
  natsAsGateway(): Promise<NatsConnection>;
  /** Every line the processes printed, with the process's name. */
  output(): string[];
  waitHealthy(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startChaosStack(options: { replicas: Replicas; env?: Record<string, string> }): Promise<ChaosStack> {
  const redis = await startPrivateRedis();
  const env = await createTestEnv({ REDIS_URL: redis.url, ...options.env });
  const nats = await startPrivateNats({ auth: true, prefix: env.id });
  const ports = await Promise.all(Array.from({ length: options.replicas.gateway }, () => freePort()));
  const gateways = ports.map((port) => `http://127.0.0.1:${port}`);
  const lines: string[] = [];
  const specs: { name: string; command: string; args: string[]; env: Record<string, string | undefined> }[] = [];
  // Services first: the gateway's start-up asks the drivers service for the first admin.
  const kinds: ProcessKind[] = ['fleet', 'booking', 'drivers', 'reporting', 'notifications', 'customers', 'gateway'];
  for (const kind of kinds) {
    for (let i = 1; i <= options.replicas[kind]; i++) {
      specs.push({
        name: `${kind}-${i}`,
        command: process.execPath,
        args: [...productNodeArgs(kind), join(process.cwd(), ENTRY[kind])],
        env: {
          ...PRODUCT_ENV,
          ...process.env,
          ...env.vars,
          NATS_URL: nats.url,
          ...nats.credentials[kind].env,
          METRICS_PORT: '0',
          PORT: kind === 'gateway' ? String(ports[i - 1]) : '0',
        },
      });
    }
  }
  const supervisor: Supervisor = supervise(specs, {
    log: (name: string, message: string) => lines.push(`[${name}] ${message}`),
    output: (name: string, line: string) => {
      if (lines.length < 200_000) lines.push(`[${name}] ${line}`);
    },
  });
  const admin = new pg.Pool({ connectionString: `${env.databaseUrl.replace(/\/[^/]+$/, '')}/postgres`, max: 1 });
  const database = new URL(env.databaseUrl).pathname.slice(1);

  const stack: ChaosStack = {
    env,
    nats,
    redis,
    gateways,
    names: specs.map((s) => s.name),
    async kill(name) {
      const pid = supervisor.pids()[name];
      if (!pid) throw new Error(`${name} is not running`);
      process.kill(pid, 'SIGKILL');
      const deadline = Date.now() + 30_000;
      while (!supervisor.pids()[name] || supervisor.pids()[name] === pid) {
        if (Date.now() > deadline) throw new Error(`${name} was not restarted within 30 s`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    restarts: () => supervisor.restarts(),
    restartNats: () => nats.restart({ crash: true }),
    restartRedis: () => redis.restart({ crash: true }),
    async terminateDatabaseConnections() {
      // Only this stack's database: the shared server and everyone else's connections stay.
      const { rows } = await admin.query<{ n: number }>(
        `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
        [database],
      );
      return rows[0].n;
    },
    natsAsGateway: () => connectNats(nats.url, 'chaos-observer', { user: 'gateway', seed: nats.credentials.gateway.seed }),
    output: () => lines,
    async waitHealthy(timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const ready = await Promise.all(gateways.map(everyServiceUp));
        if (ready.every(Boolean)) return;
        if (Date.now() > deadline) throw new Error(`the chaos stack did not become healthy within ${timeoutMs} ms:\n${lines.slice(-20).join('\n')}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    },
    async stop() {
      await supervisor.stop();
      await admin.end().catch(() => {});
      await nats.stop().catch(() => {});
      await redis.stop().catch(() => {});
      await env.cleanup().catch(() => {});
    },
  };
  try {
    await stack.waitHealthy();
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return stack;
}
