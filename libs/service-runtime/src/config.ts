import { z } from 'zod';

/** Settings every service reads from its environment; defaults suit one machine. */
export const ServiceConfig = z.object({
  DATABASE_URL: z.string().default('postgresql://postgres@127.0.0.1:5432/limo'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  NATS_PREFIX: z.string().regex(/^[A-Za-z0-9_-]+$/).default('limo'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z.string().default('limo'),
  DB_POOL_SIZE: z.coerce.number().int().positive().default(10),
  OUTBOX_INTERVAL_MS: z.coerce.number().int().positive().default(500),
  SEED_DEMO_DATA: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Booking: a dozen demo bookings through the real create/edit paths (`npm start` turns it on). */
  SEED_DEMO_BOOKINGS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Booking: a Nominatim-compatible geocoder for address suggestions instead of the built-in gazetteer. */
  GEOCODER_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^https?$/ }).optional()),
  /** Booking: User-Agent sent to that geocoder (Nominatim's usage policy asks for one). */
  GEOCODER_USER_AGENT: z.string().default('limo-booking/1.0'),
});
export type ServiceConfig = z.infer<typeof ServiceConfig>;

export function readServiceConfig(env: Record<string, string | undefined> = process.env): ServiceConfig {
  return ServiceConfig.parse(env);
}

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
