import { SentinelConnector, type AbstractConnector, type SentinelConnectionOptions } from 'ioredis';

/**
 * The options this module sets, in a shape of our own: the gateway hands them to ioredis, the
 * services to BullMQ (which builds its ioredis clients from them), and neither's type fits both.
 */
export interface RedisConnectionOptions {
  host?: string;
  port?: number;
  username?: string;
  password?: string;
  db?: number;
  sentinels?: { host: string; port: number }[];
  /** The master's name, as the Sentinels know it. */
  name?: string;
  sentinelPassword?: string;
  reconnectOnError?: (error: Error) => boolean | 1 | 2;
  sentinelRetryStrategy?: (times: number) => number;
  failoverDetector?: boolean;
  Connector?: new (options: unknown) => AbstractConnector;
  /** `rediss://`: TLS with the system's certificate authorities. */
  tls?: Record<string, never>;
}

/**
 * ioredis options from REDIS_URL, for the gateway's connection and the services' BullMQ queues
 * (BullMQ takes options, not a URL). It sits beside the NATS connection because both the gateway
 * and the services reach Redis, and both depend on this lib. Two forms:
 *
 * - `redis://[user:password@]host:port[/db]`: one server (`rediss://`: over TLS).
 * - `redis-sentinel://[user:password@]host:port,host:port,.../<master name>[/db][?sentinelPassword=…]`:
 *   the Sentinels (docs/operations.md), asked for the master's address at every (re)connection,
 *   so a promotion moves the application to the new master by itself. The user and password are
 *   the Redis servers'; the Sentinels' own password, if they have one, is `sentinelPassword`.
 *   (ioredis reads no URL of its own for Sentinels, hence this form.)
 */
export function redisOptions(url: string): RedisConnectionOptions {
  const sentinel = /^redis-sentinel:\/\/(?:([^@/]*)@)?([^/?]+)\/([^/?]+)(?:\/(\d+))?\/?(?:\?(.*))?$/.exec(url);
  if (url.startsWith('redis-sentinel:') && !sentinel) {
    throw new Error('REDIS_URL: a Sentinel URL is redis-sentinel://host:port,host:port,.../<master name>[/db]');
  }
  if (sentinel) {
    const [, userInfo, hosts, name, db, query] = sentinel;
    const sentinelPassword = new URLSearchParams(query ?? '').get('sentinelPassword') ?? undefined;
    return {
      ...credentials(userInfo),
      sentinels: hosts!.split(',').map((hostPort) => hostAndPort(hostPort, 26379)),
      name: decodeURIComponent(name!),
      ...(db ? { db: Number(db) } : {}),
      ...(sentinelPassword ? { sentinelPassword } : {}),
      ...FAILOVER_OPTIONS,
    };
  }
  const u = new URL(url);
  return {
    host: u.hostname || '127.0.0.1',
    port: Number(u.port || 6379),
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : undefined,
    ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
  };
}

/**
 * ioredis's Sentinel connector, less one race that leaves a client closed for good.
 *
 * The failover detector of the last connection stays subscribed while the client reconnects. When
 * the Sentinels' +switch-master arrives during a reconnection's question to a Sentinel (likely: the
 * client retries at once while the old master refuses it), the detector closes the connector, the
 * reconnection rejects, and ioredis sets the client to `end`: every command after fails with
 * "Connection is closed" and nothing reconnects (redis/ioredis#1683; seen in our Sentinel test).
 * Each connection attempt now drops the old detector first; the new connection starts its own.
 */
export class ReconnectingSentinelConnector extends SentinelConnector {
  // ioredis hands a custom connector the client's options untyped.
  constructor(options: unknown) {
    super(options as SentinelConnectionOptions);
  }

  override connect(...args: Parameters<SentinelConnector['connect']>): ReturnType<SentinelConnector['connect']> {
    // `failoverDetector` is private in ioredis's types: the one field this fix must reach.
    const self = this as unknown as { failoverDetector: { cleanup(): void } | null };
    self.failoverDetector?.cleanup();
    self.failoverDetector = null;
    return super.connect(...args);
  }
}

const FAILOVER_OPTIONS: RedisConnectionOptions = {
  Connector: ReconnectingSentinelConnector,
  // Listens to the Sentinels' +switch-master and leaves the old master at once: a master cut off
  // the network closes nothing, and its connections would otherwise wait on it (ioredis).
  failoverDetector: true,
  // A connection left on a demoted master answers writes with READONLY: reconnect (asking the
  // Sentinels again) and retry the command on the new master.
  reconnectOnError: (error) => (error.message.startsWith('READONLY') ? 2 : false),
  // The Sentinels promote within seconds; keep asking them meanwhile.
  sentinelRetryStrategy: (times) => Math.min(times * 200, 2000),
};

function credentials(userInfo: string | undefined): Pick<RedisConnectionOptions, 'username' | 'password'> {
  if (!userInfo) return {};
  const [user, password] = userInfo.split(':');
  return {
    ...(user ? { username: decodeURIComponent(user) } : {}),
    ...(password ? { password: decodeURIComponent(password) } : {}),
  };
}

function hostAndPort(hostPort: string, defaultPort: number): { host: string; port: number } {
  const at = hostPort.lastIndexOf(':');
  if (at < 0) return { host: hostPort, port: defaultPort };
  const port = Number(hostPort.slice(at + 1));
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`REDIS_URL: ${hostPort} is not host:port`);
  return { host: hostPort.slice(0, at), port };
}
