import { fileURLToPath } from 'node:url';
import { isIP } from 'node:net';
import { z } from 'zod';
import { LinkSigningSecret } from '@limo/contracts/common/signed-link';

/** proxy-addr's names for address ranges (as Fastify's trustProxy takes them): 127.0.0.1/8 and ::1, 169.254.0.0/16 and fe80::/10, private ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** One entry of TRUSTED_PROXIES: a range name, an address, or address/prefix (address/netmask for IPv4). */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address, range, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (version === 4 ? 32 : 128);
  return version === 4 && isIP(range) === 4;
}

/**
 * The proxies whose X-Forwarded-For / -Proto the gateway believes, as Fastify's `trustProxy`
 * (proxy-addr) takes them. None by default: anyone can send those headers, and believing them from everyone would
 * let a client pick the address the login and registration limits count.
 */
const TrustedProxies = z
  .string()
  .default('')
  .transform((value) => value.split(',').map((entry) => entry.trim()).filter(Boolean))
  .refine((entries) => entries.every(isProxyEntry), {
    message: `TRUSTED_PROXIES must list addresses, CIDR ranges or ${PROXY_RANGE_NAMES.join(', ')}, separated by commas`,
  });

/** `ADMIN_PASSWORD=` (as compose passes an unset variable) means not set. */
const emptyAsMissing = (value: unknown) => (value === '' ? undefined : value);

export const GatewayConfig = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  NODE_ENV: z.string().default('development'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  NATS_PREFIX: z.string().regex(/^[A-Za-z0-9_-]+$/).default('limo'),
  /** Connect to NATS_URL's servers in their order (the host's own first) rather than a random one (connectNats). */
  NATS_SERVERS_IN_ORDER: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** The gateway's NATS user, the only one allowed the admin-account RPCs; unset: no authentication. */
  NATS_USER: z.preprocess(emptyAsMissing, z.string().optional()),
  /** Its nkey seed (`SU…`, the secret; nats-server holds only the public key). */
  NATS_NKEY_SEED: z.preprocess(emptyAsMissing, z.string().optional()),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z.string().default('limo'),
  /** Longest the gateway waits for a service before answering 504. */
  RPC_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /** The address to listen on: every interface by default (`::` takes IPv4 too); 0.0.0.0 where IPv6 is off. */
  HOST: z.string().default('::'),
  BODY_LIMIT: z.string().default('100kb'),
  WEB_DIST: z.string().default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
  /** The first admin account (kept hashed by the drivers service). Required in production. */
  ADMIN_USERNAME: z.preprocess(emptyAsMissing, z.string().optional()),
  ADMIN_PASSWORD: z.preprocess(emptyAsMissing, z.string().optional()),
  /** How long a verified admin credential is trusted without another slow hash. */
  AUTH_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(60_000),
  /**
   * Longest the gateway keeps a dashboard or reports answer (0: never): reporting's change
   * announcements drop them as soon as the projections change, so this bounds only what moves
   * with the clock alone, or an announcement lost with a crashed replica.
   */
  REPORTING_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Failed admin logins allowed per client address and per username within the window. */
  AUTH_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(20),
  AUTH_MAX_FAILURES_PER_USER: z.coerce.number().int().positive().default(10),
  AUTH_FAILURE_WINDOW_S: z.coerce.number().int().positive().default(900),
  /**
   * Customer sign-in codes asked for one email, and from one client address, within
   * AUTH_FAILURE_WINDOW_S before each further request has to wait (429 with Retry-After).
   */
  ACCOUNT_CODES_PER_EMAIL: z.coerce.number().int().positive().default(3),
  ACCOUNT_CODES_PER_IP: z.coerce.number().int().positive().default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Human-readable log lines instead of JSON (`npm start` turns it on in development). */
  LOG_PRETTY: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** How long a driver session lasts after its last use. */
  DRIVER_SESSION_HOURS: z.coerce.number().positive().max(24 * 30).default(12),
  /**
   * Checks the manage and tracking links in customer messages (the notifications service signs
   * them with it). Required everywhere: `npm start` makes one for development (var/dev-secrets.json).
   */
  LINK_SIGNING_SECRET: LinkSigningSecret,
  /** /api/health calls the event pipeline degraded when a consumer is further behind than this. */
  HEALTH_MAX_EVENT_LAG_S: z.coerce.number().positive().default(60),
  /** Live tracking streams open at once for one ride (its link), and from one client address. */
  TRACKING_STREAMS_PER_RIDE: z.coerce.number().int().positive().default(10),
  TRACKING_STREAMS_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  /** Public driver self-registrations allowed per client address per hour, and from all addresses together. */
  REGISTRATIONS_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(20),
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().positive().default(30),
  /**
   * Map tiles (`https://tiles.example.com/{z}/{x}/{y}.png`) and their attribution; unset: the web
   * app draws the offline basemap of Southern California shipped with it.
   */
  MAP_TILE_URL: z.preprocess(
    emptyAsMissing,
    z
      .url({ protocol: /^https?$/ })
      .refine((url) => ['{z}', '{x}', '{y}'].every((part) => url.includes(part)), { message: 'MAP_TILE_URL must contain {z}, {x} and {y}' })
      .optional(),
  ),
  MAP_TILE_ATTRIBUTION: z.preprocess(emptyAsMissing, z.string().max(300).optional()),
  /**
   * The company's masking line (a call-forwarding number that reaches the chauffeur on the ride):
   * the tracking page's call and text buttons dial it instead of the chauffeur's own number.
   */
  CHAUFFEUR_CONTACT_LINE: z.preprocess(emptyAsMissing, z.string().regex(/^\+?[0-9][0-9 ().-]{6,19}$/, 'CHAUFFEUR_CONTACT_LINE must be a phone number').optional()),
  /** e.g. `loopback` behind a proxy on the same host, `10.0.0.0/8` behind a load balancer; empty: none. */
  TRUSTED_PROXIES: TrustedProxies,
});
export type GatewayConfig = z.infer<typeof GatewayConfig>;

/** Reads the gateway's settings; in production it refuses to start without the first admin's credentials. */
export function readGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  const config = GatewayConfig.parse(env);
  if (config.NODE_ENV === 'production') {
    if (!config.ADMIN_USERNAME || !config.ADMIN_PASSWORD) {
      throw new Error('ADMIN_USERNAME and ADMIN_PASSWORD must be set in production (the first admin account)');
    }
    if (config.ADMIN_PASSWORD.length < 12) throw new Error('ADMIN_PASSWORD must have at least 12 characters in production');
  }
  return config;
}
export const GATEWAY_CONFIG = Symbol('GatewayConfig');
