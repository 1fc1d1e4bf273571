// `node scripts/nats-config.mjs [prefix]`: prints the nats-server configuration of the bus (JetStream
// on; one user per service, the gateway and `ops`, each allowed only its own subjects), for a
// shared NATS or a container. Each user is its public nkey, which nats-server reads from its
// environment (NATS_GATEWAY_NKEY, NATS_BOOKING_NKEY, ...; `node scripts/nats-keys.mjs` makes them)
// and refuses to start without: no secret in the file nor in the server. The table is libs/messaging/src/nats-auth.ts (run `npm run build` after changing it).
// deploy/nats/nats-server.conf is this output for the prefix `limo` (docker-compose mounts it).
import { natsAuthConfig } from '../libs/messaging/dist/index.js';

process.stdout.write(natsAuthConfig({ prefix: process.argv[2] ?? process.env.NATS_PREFIX ?? 'limo' }));
