// `node scripts/nats-streams.mjs`: makes the bus's streams (the events and their dead letters) for
// NATS_PREFIX, or brings them up to date. On a NATS with permissions only the ops user may
// (NATS_USER=ops and its seed NATS_NKEY_SEED; docs/security.md): `npm start` does it before the services start,
// docker-compose in its one-shot `nats-streams` container.
import { pathToFileURL } from 'node:url';

/** Makes the streams as the given user (NATS_USER / NATS_NKEY_SEED), with NATS_STREAM_REPLICAS copies when set (else as the cluster's size says). */
export async function ensureStreams(url, prefix, login = {}, replicas = Number(process.env.NATS_STREAM_REPLICAS) || undefined) {
  const { connectNats, ensureEventStream } = await import('../libs/messaging/dist/index.js');
  const nc = await connectNats(url, 'nats-streams', { user: login.NATS_USER, seed: login.NATS_NKEY_SEED });
  try {
    return await ensureEventStream(nc, prefix, { replicas });
  } finally {
    await nc.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const prefix = process.env.NATS_PREFIX ?? 'limo';
  const stream = await ensureStreams(process.env.NATS_URL ?? 'nats://127.0.0.1:4222', prefix, process.env);
  console.log(`✓ streams ready: ${stream} and its dead letters (prefix ${prefix})`);
}
