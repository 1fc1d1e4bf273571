// `node scripts/nats-keys.mjs` (after `npm run build`): prints one nkey per NATS user as a .env
// file for docker-compose (or a shared NATS): NATS_<USER>_NKEY_SEED, the secret that user's
// process alone gets (as NATS_NKEY_SEED), and NATS_<USER>_NKEY, its public key, which nats-server's
// configuration refers to. Seeds already set in the environment are kept (their public keys
// printed again). Redirect it to a file only its owner reads: `umask 077; node scripts/nats-keys.mjs > .env`.
import { NATS_USERS, natsKeys, natsPublicKeyVariable, natsSeedVariable } from '../libs/messaging/dist/index.js';

const { seeds, publicKeyEnv } = natsKeys(process.env);
const lines = ['# NATS users (libs/messaging/src/nats-auth.ts): each seed is a secret for its own process only; the public keys are for nats-server.'];
for (const user of NATS_USERS) lines.push(`${natsSeedVariable(user)}=${seeds[user]}`, `${natsPublicKeyVariable(user)}=${publicKeyEnv[natsPublicKeyVariable(user)]}`);
process.stdout.write(`${lines.join('\n')}\n`);
