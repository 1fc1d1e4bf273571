// `node scripts/nats-helm-values.mjs > deploy/kubernetes/data/nats-values.yaml` (after `npm run build`):
// the official nats chart's values for Kubernetes, with the users and permissions of
// libs/messaging/src/nats-auth.ts (as scripts/nats-config.mjs prints them for one server).
// tests/deploy/kubernetes-manifests.test.ts fails while the committed file differs from this output.
import { NATS_USERS, natsPermissions, natsPublicKeyVariable } from '../libs/messaging/dist/index.js';
import { natsHelmValues } from './lib/nats-helm-values.mjs';

process.stdout.write(natsHelmValues({ users: NATS_USERS, permissions: natsPermissions('limo'), publicKeyVariable: natsPublicKeyVariable }));
