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

export async function connectNats(url: string, name: string, credentials: NatsCredentials = {}): Promise<NatsConnection> {
  const { user, seed } = credentials;
  if (seed && !user) throw new Error('a NATS nkey seed needs its user name (NATS_USER) for the reply inbox');
  return connect({
    servers: url.split(','),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1000,
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
