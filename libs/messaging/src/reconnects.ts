import type { NatsConnection, Status } from '@nats-io/transport-node';

/**
 * Calls `onReconnect` each time the connection is re-established, until stopped. Readers of the
 * event stream renew their consumer then: a nats-server restart loses every consumer, and the
 * ordered consumer nats.js rebuilds was seen to stop pulling after its first batch (left on the
 * server with messages pending, delivering nothing more).
 */
export function watchReconnects(nc: NatsConnection, onReconnect: () => void): { stop(): void } {
  let stopped = false;
  // nats.js hands a queued iterator, whose stop() ends the loop at once (the type does not say so).
  const status = nc.status() as AsyncIterable<Status> & { stop?: () => void };
  void (async () => {
    for await (const s of status) {
      if (stopped) break;
      if (s.type === 'reconnect') onReconnect();
    }
  })().catch(() => {});
  return {
    stop() {
      stopped = true;
      status.stop?.();
    },
  };
}
