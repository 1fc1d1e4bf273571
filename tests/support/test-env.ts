import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { connect } from '@nats-io/transport-node';
import { deleteEventStream } from '@limo/messaging';
import { ServiceConfig } from '@limo/service-runtime';
import { readGatewayConfig, type GatewayConfig } from '@limo/gateway';

/** Where the test servers are; the defaults are this machine's standard ports. */
export const TEST_SERVERS = {
  postgres: process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432',
  nats: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
  redis: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
};

export interface TestEnv {
  id: string;
  databaseUrl: string;
  /** The environment the services are started with (each parses it with its own schema). */
  vars: Record<string, string>;
  serviceConfig: ServiceConfig;
  gatewayConfig: GatewayConfig;
  cleanup(): Promise<void>;
}

/**
 * An isolated world for one test file: its own database, NATS subject/stream prefix and Redis
 * key prefix, so parallel files and concurrent runs never see each other's data.
 */
export async function createTestEnv(overrides: Record<string, string> = {}, settings: { timeZone?: string } = {}): Promise<TestEnv> {
  const id = `t${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const database = `limo_${id}`;
  await withAdminClient(async (client) => {
    await client.query(`CREATE DATABASE "${database}"`);
    // A server set up in another zone than UTC (the product must not depend on it).
    if (settings.timeZone) await client.query(`ALTER DATABASE "${database}" SET timezone = '${settings.timeZone.replace(/'/g, '')}'`);
  });
  const databaseUrl = `${TEST_SERVERS.postgres}/${database}`;
  const env = {
    DATABASE_URL: databaseUrl,
    NATS_URL: TEST_SERVERS.nats,
    NATS_PREFIX: id,
    REDIS_URL: TEST_SERVERS.redis,
    REDIS_PREFIX: id,
    DB_POOL_SIZE: '4',
    OUTBOX_INTERVAL_MS: '100',
    PORT: '0',
    NODE_ENV: 'test',
    // The advertised fleet and the demo drivers, as most tests expect them.
    SEED_DEMO_DATA: 'true',
    LOG_LEVEL: process.env.TEST_LOGS ? 'info' : 'error',
    // The first admin; tests authenticate with these through tests/support/admin-auth.ts.
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: `pw-${randomBytes(9).toString('base64url')}`,
    // The notifications service signs customer links with it and the gateway checks them.
    LINK_SIGNING_SECRET: randomBytes(32).toString('base64url'),
    // Customer messages stay out of the checkout's var/ folder.
    MAIL_OUTBOX_DIR: join(tmpdir(), `limo-${id}`, 'outbox'),
    SMS_OUTBOX_DIR: join(tmpdir(), `limo-${id}`, 'sms-outbox'),
    MESSAGE_POLL_MS: '100',
    // Tests drive rides booked days ahead; the start window's own tests set it back to 180.
    RIDE_START_WINDOW_MINUTES: String(731 * 24 * 60),
    ...overrides,
  };
  return {
    id,
    databaseUrl,
    vars: env,
    serviceConfig: ServiceConfig.parse(env),
    gatewayConfig: readGatewayConfig(env),
    async cleanup() {
      const nc = await connect({ servers: TEST_SERVERS.nats });
      await deleteEventStream(nc, id).finally(() => nc.close());
      const redis = new Redis(TEST_SERVERS.redis);
      try {
        const keys = await redis.keys(`${id}:*`);
        if (keys.length) await redis.del(...keys);
      } finally {
        redis.disconnect();
      }
      await withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));
      await rm(join(tmpdir(), `limo-${id}`), { recursive: true, force: true });
    },
  };
}

async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `${TEST_SERVERS.postgres}/postgres` });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
