import { z } from 'zod';

const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'])
    .default(fallback)
    .transform((v) => v === 'true');

/** `NATS_NKEY_SEED=` (as docker-compose passes an unset variable) means not set. */
const optionalText = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());

/** Settings every service reads from its environment; defaults suit one machine. */
export const ServiceConfig = z.object({
  NODE_ENV: z.string().default('development'),
  DATABASE_URL: z.string().default('postgresql://postgres@127.0.0.1:5432/limo'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  NATS_PREFIX: z.string().regex(/^[A-Za-z0-9_-]+$/).default('limo'),
  /** Connect to NATS_URL's servers in their order (the host's own first) rather than a random one (connectNats). */
  NATS_SERVERS_IN_ORDER: flag('false'),
  /** Copies of each stream (1-5); unset: 3 on a NATS cluster, 1 on one server (streamReplicas in @limo/messaging). */
  NATS_STREAM_REPLICAS: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(1).max(5).optional()),
  /** The service's own NATS user (its name in libs/messaging/src/nats-auth.ts) and nkey seed (the secret); unset: no authentication. */
  NATS_USER: optionalText,
  NATS_NKEY_SEED: optionalText,
  /** One server (`redis://…`) or the Sentinels of a replicated one (`redis-sentinel://…`, see redisOptions in @limo/messaging). */
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9_-]+$/).default('limo'),
  DB_POOL_SIZE: z.coerce.number().int().positive().default(10),
  OUTBOX_INTERVAL_MS: z.coerce.number().int().positive().default(500),
  /** How often each replica audits its durable consumers for events acknowledged without their effect (0: never). */
  EVENT_AUDIT_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  /** The fleet and demo drivers. Off unless asked (`npm start` asks): production holds no demo data. */
  SEED_DEMO_DATA: flag('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Human-readable log lines instead of JSON (`npm start` turns it on in development). */
  LOG_PRETTY: flag('false'),
  /** The instance's own HTTP port: `/metrics` (Prometheus) and `/health/live`, `/health/ready`; 0 picks a free one. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  METRICS_HOST: z.string().default('127.0.0.1'),
});
export type ServiceConfig = z.infer<typeof ServiceConfig>;

export type Env = Record<string, string | undefined>;

/** A URL fit for logs: any password is replaced. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '<unparseable url>';
  }
}
