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
export function streamReplicas(nc: NatsConnection, configured?: number): { replicas: number; guessed: boolean } {
  if (configured) return { replicas: configured, guessed: false };
  const info = nc.info;
  if (!info?.cluster) return { replicas: 1, guessed: false };
  // A server listening on every interface lists each of its addresses: a guess, tried downwards (ensureStream).
  return { replicas: Math.min(3, Math.max(1, info.connect_urls?.length ?? 1)), guessed: true };
}

/**
 * Makes the stream unless it exists; one that exists gets what later versions added: direct gets,
 * and more replicas when the cluster grew (never fewer: scaling down is an operator's decision).
 */
export async function ensureStream(
  jsm: JetStreamManager,
  name: string,
  config: Partial<StreamConfig> & { name: string },
  { replicasGuessed = false }: { replicasGuessed?: boolean } = {},
): Promise<void> {
  const info = await jsm.streams.info(name).catch(() => undefined);
  if (info) {
    const missingDirect = config.allow_direct && !info.config.allow_direct;
    const moreReplicas = (config.num_replicas ?? 1) > (info.config.num_replicas || 1);
    if (missingDirect || moreReplicas) {
      const update = { ...info.config, ...(missingDirect ? { allow_direct: true } : {}), ...(moreReplicas ? { num_replicas: config.num_replicas } : {}) };
      await jsm.streams.update(name, update).catch((error: unknown) => {
        // Not ours to change (ops makes the streams), or fewer servers than guessed: it stays as it is.
        if (isRefused(error) || (replicasGuessed && isInsufficient(error))) return;
        throw error;
      });
    }
    return;
  }
  try {
    await jsm.streams.add(config);
  } catch (error) {
    // Fewer servers than the guess: the most copies the cluster can hold.
    if (replicasGuessed && isInsufficient(error) && (config.num_replicas ?? 1) > 1) {
      return ensureStream(jsm, name, { ...config, num_replicas: (config.num_replicas ?? 1) - 1 }, { replicasGuessed });
    }
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

/** What the server answers when the cluster has fewer servers than the copies asked (wording varies by version). */
const isInsufficient = (error: unknown) => /insufficient resources|no suitable peers/i.test(String((error as Error)?.message ?? error));
const isRefused = (error: unknown) => /permissions violation/i.test(String((error as Error)?.message ?? error));
