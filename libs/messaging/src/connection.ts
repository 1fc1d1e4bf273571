import { connect, type NatsConnection } from '@nats-io/transport-node';
import { inboxPrefixOf } from './nats-auth.js';

/** A NATS user and password (NATS_USER / NATS_PASSWORD); none: an unauthenticated connection. */
export interface NatsCredentials {
  user?: string;
  password?: string;
}

export async function connectNats(url: string, name: string, credentials: NatsCredentials = {}): Promise<NatsConnection> {
  const { user, password } = credentials;
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
    // With credentials, replies come to the user's own inbox: the only one it may subscribe to.
    ...(user ? { user, pass: password, inboxPrefix: inboxPrefixOf(user) } : {}),
  });
}
