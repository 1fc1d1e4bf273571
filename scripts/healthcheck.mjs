// Container healthcheck: `node scripts/healthcheck.mjs <service>` asks the service's health
// subject over NATS (the services have no HTTP port) and exits 0 only if its database is up.
// Connects as the container's own NATS user (NATS_USER, its nkey seed NATS_NKEY_SEED), if any.
import { connect, nkeyAuthenticator } from '@nats-io/transport-node';

const service = process.argv[2];
const prefix = process.env.NATS_PREFIX ?? 'limo';
const user = process.env.NATS_USER || undefined;
const seed = process.env.NATS_NKEY_SEED || undefined;
const nc = await connect({
  servers: (process.env.NATS_URL ?? 'nats://127.0.0.1:4222').split(','),
  timeout: 2000,
  // Replies come to the user's own inbox, the only one its permissions allow (libs/messaging/src/nats-auth.ts).
  ...(user ? { inboxPrefix: `_INBOX.${user}` } : {}),
  ...(seed ? { authenticator: nkeyAuthenticator(new TextEncoder().encode(seed)) } : {}),
});
try {
  const msg = await nc.request(`${prefix}.rpc.${service}.health.check.v1`, '{}', { timeout: 2000 });
  const reply = msg.json();
  process.exitCode = reply.ok && reply.data.database.status === 'up' ? 0 : 1;
} catch (error) {
  console.error(`${service} unhealthy: ${error.message}`);
  process.exitCode = 1;
} finally {
  await nc.close();
}
