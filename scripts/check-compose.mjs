// CI step (.ci/run, before `npm test`): docker-compose.yml must parse with Debian's
// docker-compose and describe the whole stack: the nine services, each with a healthcheck,
// NATS with JetStream on a volume and the generated users, each process logging in as itself with
// its own nkey seed (nats-server getting the public keys only), and the one-shot `nats-streams`
// that makes the streams as ops before the services start.
// Checks docker-compose's own normalised output, so YAML anchors and merges (`<<: *service`)
// count as they will at `docker-compose up`.
// Needs `docker-compose` (apt-get install -y docker-compose), which .ci/run installs; `npm test`
// does not, so a newcomer with what the README lists can run the tests.
import { execFileSync } from 'node:child_process';

const SERVICES = ['booking', 'customers', 'drivers', 'fleet', 'gateway', 'nats', 'nats-streams', 'notifications', 'postgres', 'redis', 'reporting'];
/** Run once to completion: no healthcheck. */
const ONE_SHOT = ['nats-streams'];

const USERS = { booking: 'booking', drivers: 'drivers', fleet: 'fleet', reporting: 'reporting', notifications: 'notifications', customers: 'customers', gateway: 'gateway', 'nats-streams': 'ops' };
// Markers for each user's seed and public key, to see which container gets which (never real keys).
const variable = (user, suffix) => `NATS_${user.toUpperCase()}_${suffix}`;
const seedOf = (user) => `seed-of-${user}`;
const publicKeyOf = (user) => `public-key-of-${user}`;
const markers = Object.fromEntries(Object.values(USERS).flatMap((user) => [[variable(user, 'NKEY_SEED'), seedOf(user)], [variable(user, 'NKEY'), publicKeyOf(user)]]));

const compose = (...args) =>
  execFileSync('docker-compose', ['config', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...markers } });

let config;
try {
  compose('-q');
  config = compose();
} catch (error) {
  console.error(`✗ docker-compose.yml: ${error.code === 'ENOENT' ? 'docker-compose is not installed (apt-get install -y docker-compose)' : 'docker-compose config refused it (above)'}`);
  process.exit(1);
}

/** `services:` blocks of the normalised output, by name (two-space keys, four-space fields). */
function serviceBlocks(text) {
  const section = text.split(/^services:\n/m)[1]?.split(/^\S/m)[0] ?? '';
  return Object.fromEntries(section.split(/^(?=  [\w-]+:\n)/m).filter(Boolean).map((block) => [block.match(/^  ([\w-]+):/)[1], block]));
}

const problems = [];
const blocks = serviceBlocks(config);
const names = Object.keys(blocks).sort();
if (names.join() !== SERVICES.join()) problems.push(`services are ${names.join(', ')}; expected ${SERVICES.join(', ')}`);
for (const [name, block] of Object.entries(blocks)) {
  if (ONE_SHOT.includes(name)) continue;
  if (!/^ {4}healthcheck:\n {6}\S/m.test(block)) problems.push(`${name} has no healthcheck`);
}
const nats = blocks.nats ?? '';
if (!/^ {4}command:\n(?: {4}- .*\n)*? {4}- -js\n(?: {4}- .*\n)*? {4}- -sd\n {4}- \/data\n/m.test(nats)) problems.push('nats does not run JetStream (-js) with its store in /data (-sd /data)');
if (!/^ {4}- nats-data:\/data(:rw)?$/m.test(nats)) problems.push('nats has no nats-data volume on /data');
// The bus requires a login (docs/security.md): the generated users and permissions, each process as itself.
if (!/^ {4}- -c\n {4}- \/etc\/nats\/nats-server\.conf\n/m.test(nats) || !/deploy\/nats\/nats-server\.conf:\/etc\/nats\/nats-server\.conf/.test(nats)) {
  problems.push('nats does not run with deploy/nats/nats-server.conf (-c /etc/nats/nats-server.conf)');
}
// Each process as its own user, with its own seed and no one else's (only ops may make the
// streams: the services wait for them); nats-server with every public key and no seed.
const seedsIn = (block) => Object.values(USERS).filter((user) => block.includes(seedOf(user)));
for (const [name, user] of Object.entries(USERS)) {
  const block = blocks[name] ?? '';
  if (!new RegExp(`^ {6}NATS_USER: ${user}$`, 'm').test(block)) problems.push(`${name} does not log in to NATS as ${user} (NATS_USER: ${user})`);
  if (!new RegExp(`^ {6}NATS_NKEY_SEED: ${seedOf(user)}$`, 'm').test(block)) problems.push(`${name} does not get ${user}'s seed (NATS_NKEY_SEED: \${${variable(user, 'NKEY_SEED')}})`);
  const others = seedsIn(block).filter((seed) => seed !== user);
  if (others.length) problems.push(`${name} gets the seed of ${others.join(', ')}`);
}
for (const user of Object.values(USERS)) {
  if (!new RegExp(`^ {6}${variable(user, 'NKEY')}: ${publicKeyOf(user)}$`, 'm').test(nats)) problems.push(`nats does not get ${user}'s public key (${variable(user, 'NKEY')})`);
}
if (seedsIn(nats).length) problems.push(`nats gets the seed of ${seedsIn(nats).join(', ')}: it needs the public keys only`);
if (!compose('--volumes').split('\n').includes('nats-data')) problems.push('the nats-data volume is not declared');

if (problems.length) {
  for (const problem of problems) console.error(`✗ docker-compose.yml: ${problem}`);
  process.exit(1);
}
console.log(`✓ docker-compose.yml: ${SERVICES.length} services (healthchecks but on the one-shot ${ONE_SHOT.join(', ')}), NATS JetStream on a volume with an nkey user per service (the seeds in their own containers only)`);
