import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const GatewayConfig = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  NODE_ENV: z.string().default('development'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  NATS_PREFIX: z.string().regex(/^[A-Za-z0-9_-]+$/).default('limo'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z.string().default('limo'),
  /** Longest the gateway waits for a service before answering 504. */
  RPC_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  BODY_LIMIT: z.string().default('100kb'),
  WEB_DIST: z.string().default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
});
export type GatewayConfig = z.infer<typeof GatewayConfig>;

export const readGatewayConfig = (env: Record<string, string | undefined> = process.env) => GatewayConfig.parse(env);
export const GATEWAY_CONFIG = Symbol('GatewayConfig');
