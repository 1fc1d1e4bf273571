// `node scripts/nats-config.mjs [prefix]`: prints the nats-server configuration of the bus (JetStream
// on; one user per service, the gateway and `ops`, each allowed only its own subjects), for a
// shared NATS or a container. The passwords stay out of the file: nats-server reads them from its
// environment (NATS_GATEWAY_PASSWORD, NATS_BOOKING_PASSWORD, ...) and refuses to start without
// one. The table is libs/messaging/src/nats-auth.ts (run `npm run build` after changing it).
// deploy/nats/nats-server.conf is this output for the prefix `limo` (docker-compose mounts it).
import { natsAuthConfig } from '../libs/messaging/dist/index.js';

process.stdout.write(natsAuthConfig({ prefix: process.argv[2] ?? process.env.NATS_PREFIX ?? 'limo' }));
