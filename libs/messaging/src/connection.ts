import { connect, type NatsConnection } from '@nats-io/transport-node';

export async function connectNats(url: string, name: string): Promise<NatsConnection> {
  return connect({
    servers: url.split(','),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1000,
    // A stopped server at start-up is retried by the caller's supervisor, not forever here.
    waitOnFirstConnect: false,
  });
}
