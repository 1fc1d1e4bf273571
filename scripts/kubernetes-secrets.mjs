// `node scripts/kubernetes-secrets.mjs` (after `npm run build`): writes the values of the Secrets
// that deploy/kubernetes/kustomization.yaml's secretGenerator reads, as .env files in
// deploy/kubernetes/secrets/ (git-ignored, readable by their owner only; the *.env.example beside
// them say what each holds). Files already there are kept, so running it again changes nothing
// but adds what is missing; the NATS public keys are derived again from the kept seeds. Nothing is
// printed but the file names. `kubectl kustomize` refuses to build while one is missing.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NATS_USERS, natsKeys, natsPublicKeyVariable, natsSeedVariable } from '../libs/messaging/dist/index.js';

const DIR = process.argv[2] ?? 'deploy/kubernetes/secrets';
/** The Sentinels' name for the Redis master (deploy/kubernetes/data/redis.yaml). */
const REDIS_MASTER = 'limo';
const REDIS_SENTINELS = [0, 1, 2].map((i) => `redis-${i}.redis-headless:26379`);

const random = (bytes = 32) => randomBytes(bytes).toString('base64url');
const envText = (values) => `${Object.entries(values).map(([name, value]) => `${name}=${value}`).join('\n')}\n`;
const readEnv = (file) =>
  Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.includes('=') && !line.startsWith('#'))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

mkdirSync(DIR, { recursive: true, mode: 0o700 });
const written = [];
/** Writes the file unless it exists (`force`: always, for what is derived, never secret). */
function write(name, values, { force = false } = {}) {
  const file = join(DIR, name);
  if (existsSync(file) && !force) return;
  writeFileSync(file, envText(values), { mode: 0o600 });
  written.push(file);
}

// Each NATS user's seed, in a Secret of its own that only its Deployment mounts.
const seedFile = (user) => join(DIR, `nats-${user}.env`);
const keptSeeds = Object.fromEntries(
  NATS_USERS.filter((user) => existsSync(seedFile(user))).map((user) => [natsSeedVariable(user), readEnv(seedFile(user)).NATS_NKEY_SEED]),
);
const { seeds, publicKeyEnv } = natsKeys(keptSeeds);
for (const user of NATS_USERS) write(`nats-${user}.env`, { NATS_USER: user, NATS_NKEY_SEED: seeds[user] });
write('nats-public-keys.env', Object.fromEntries(NATS_USERS.map((user) => [natsPublicKeyVariable(user), publicKeyEnv[natsPublicKeyVariable(user)]])), { force: true });

write('link-signing.env', { LINK_SIGNING_SECRET: random() });
write('gateway-admin.env', { ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: random(18) });

// The same password for the Redis servers and their Sentinels (deploy/kubernetes/data/redis.yaml).
const redisPassword = random();
write('redis.env', {
  REDIS_PASSWORD: redisPassword,
  REDIS_URL: `redis-sentinel://:${redisPassword}@${REDIS_SENTINELS.join(',')}/${REDIS_MASTER}?sentinelPassword=${redisPassword}`,
});

console.log(written.length ? `wrote ${written.join(', ')}` : `nothing to write: ${DIR} has every secret`);
