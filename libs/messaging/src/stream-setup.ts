import type { JetStreamManager, StreamConfig } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';

const STREAM_WAIT_MS = 60_000;

/**
 * How many copies of each stream to keep: NATS_STREAM_REPLICAS when set, otherwise 3 on a
 * cluster of three or more servers and 1 on a single server. An R3 stream acknowledges a publish
 * once two of its three servers hold it (the quorum), so losing any one server loses nothing
 * acknowledged. The cluster's size is what the server tells a client (`connect_urls`: every
 * server's client address, its own included); a cluster still forming its routes may tell fewer,
 * so a deployment sets NATS_STREAM_REPLICAS (docs/operations.md).
 */
export function streamReplicas(nc: NatsConnection, configured?: number): number {
  if (configured) return configured;
  const info = nc.info;
  if (!info?.cluster) return 1;
  return Math.min(3, Math.max(1, info.connect_urls?.length ?? 1));
}

/**
 * Makes the stream unless it exists; one that exists gets what later versions added: direct gets,
 * and more replicas when the cluster grew (never fewer: scaling down is an operator's decision).
 */
export async function ensureStream(jsm: JetStreamManager, name: string, config: Partial<StreamConfig> & { name: string }): Promise<void> {
  const info = await jsm.streams.info(name).catch(() => undefined);
  if (info) {
    const missingDirect = config.allow_direct && !info.config.allow_direct;
    const moreReplicas = (config.num_replicas ?? 1) > (info.config.num_replicas || 1);
    if (missingDirect || moreReplicas) {
      const update = { ...info.config, ...(missingDirect ? { allow_direct: true } : {}), ...(moreReplicas ? { num_replicas: config.num_replicas } : {}) };
      await jsm.streams.update(name, update).catch(refusedOr(undefined));
    }
    return;
  }
  try {
    await jsm.streams.add(config);
  } catch (error) {
    // Another replica may have created it between our info and add; or this user may not create it.
    if (await jsm.streams.info(name).catch(() => undefined)) return;
    if (!isRefused(error)) throw error;
    for (const until = Date.now() + STREAM_WAIT_MS; Date.now() < until; ) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      if (await jsm.streams.info(name).catch(() => undefined)) return;
    }
    throw new Error(`The stream ${name} does not exist and this NATS user may not create it: the ops user makes it (docs/security.md)`);
  }
}

const isRefused = (error: unknown) => /permissions violation/i.test(String((error as Error)?.message ?? error));
/** Ignores a refusal by permissions; anything else is thrown. */
const refusedOr =
  <T>(value: T) =>
  (error: unknown): T => {
    if (isRefused(error)) return value;
    throw error;
  };
