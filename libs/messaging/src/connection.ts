import { connect, nkeyAuthenticator, type NatsConnection } from '@nats-io/transport-node';
import { inboxPrefixOf } from './nats-auth.js';

/**
 * A NATS user (NATS_USER: its name in libs/messaging/src/nats-auth.ts) and its nkey seed
 * (NATS_NKEY_SEED, the secret); none: an unauthenticated connection. The server knows the user by
 * the seed's public key alone; the name picks the reply inbox its permissions allow.
 */
export interface NatsCredentials {
  user?: string;
  seed?: string;
}

export interface NatsConnectionOptions {
  /**
   * Try the servers in NATS_URL's order (the host's own first) instead of a random one: on a
   * cluster with a replica of every service on each host, a process then talks to its own host's
   * server, which hands requests to its own host's replicas first, so a host cut off the network
   * takes its requests with it rather than stalling others' (docs/operations.md).
   */
  inOrder?: boolean;
}

export async function connectNats(url: string, name: string, credentials: NatsCredentials = {}, options: NatsConnectionOptions = {}): Promise<NatsConnection> {
  const { user, seed } = credentials;
  if (seed && !user) throw new Error('a NATS nkey seed needs its user name (NATS_USER) for the reply inbox');
  return connect({
    servers: url.split(','),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1000,
    noRandomize: options.inOrder ?? false,
    // A server that stopped answering without closing the connection (a host cut off the
    // network) is left after two missed pings, 10 s, rather than the client's default 4 minutes.
    pingInterval: 5000,
    maxPingOut: 2,
    // A stopped server at start-up is retried by the caller's supervisor, not forever here.
    waitOnFirstConnect: false,
    // The client otherwise builds two Errors (stack traces) for every request and JetStream
    // publish, in case it times out: about 1.5 s of CPU per 6,000 bookings in the booking
    // service's profile. Our own errors name the subject that timed out.
    noAsyncTraces: true,
    // As a user, replies come to its own inbox: the only one it may subscribe to.
    ...(user ? { inboxPrefix: inboxPrefixOf(user) } : {}),
    // Signs the server's challenge; the seed itself never leaves the process.
    ...(seed ? { authenticator: nkeyAuthenticator(new TextEncoder().encode(seed)) } : {}),
  });
}
