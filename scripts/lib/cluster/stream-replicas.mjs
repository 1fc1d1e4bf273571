// The bus's streams on every server of `npm run cluster`: made by ensureStreams (as ops), then
// raised to one replica per server when they have fewer, whether or not libs/messaging was told
// so (NATS_STREAM_REPLICAS). Their durable consumers follow the stream's replica count.
import { jetstreamManager } from '@nats-io/jetstream';
import { connectNats, deadLetterStreamName, eventStreamName } from '../../../libs/messaging/dist/index.js';

/** @returns each stream's replica count after the change */
export async function replicateStreams(url, prefix, login, replicas) {
  const nc = await connectNats(url, 'nats-streams', { user: login.NATS_USER, seed: login.NATS_NKEY_SEED });
  try {
    const jsm = await jetstreamManager(nc);
    const counts = {};
    for (const name of [eventStreamName(prefix), deadLetterStreamName(prefix)]) {
      const { config } = await jsm.streams.info(name);
      if ((config.num_replicas ?? 1) < replicas) await jsm.streams.update(name, { ...config, num_replicas: replicas });
      counts[name] = (await jsm.streams.info(name)).config.num_replicas;
    }
    return counts;
  } finally {
    await nc.close();
  }
}
