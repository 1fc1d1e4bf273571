// CI step (.ci/run, before `npm test`): docker-compose.yml must parse with Debian's
// docker-compose and describe the whole stack: the nine services, each with a healthcheck,
// NATS with JetStream on a volume and the generated users, each process logging in as itself,
// and the one-shot `nats-streams` that makes the streams as ops before the services start.
// Checks docker-compose's own normalised output, so YAML anchors and merges (`<<: *service`)
// count as they will at `docker-compose up`.
// Needs `docker-compose` (apt-get install -y docker-compose), which .ci/run installs; `npm test`
// does not, so a newcomer with what the README lists can run the tests.
import { execFileSync } from 'node:child_process';

const SERVICES = ['booking', 'drivers', 'fleet', 'gateway', 'nats', 'nats-streams', 'notifications', 'postgres', 'redis', 'reporting'];
/** Run once to completion: no healthcheck. */
const ONE_SHOT = ['nats-streams'];

const compose = (...args) => execFileSync('docker-compose', ['config', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });

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
for (const name of ['booking', 'drivers', 'fleet', 'reporting', 'notifications', 'gateway']) {
  if (!new RegExp(`^ {6}NATS_USER: ${name}$`, 'm').test(blocks[name] ?? '')) problems.push(`${name} does not log in to NATS as its own user (NATS_USER: ${name})`);
}
// Only ops may make the streams: the services wait for them.
if (!/^ {6}NATS_USER: ops$/m.test(blocks['nats-streams'] ?? '')) problems.push('nats-streams does not make the streams as ops (NATS_USER: ops)');
if (!compose('--volumes').split('\n').includes('nats-data')) problems.push('the nats-data volume is not declared');

if (problems.length) {
  for (const problem of problems) console.error(`✗ docker-compose.yml: ${problem}`);
  process.exit(1);
}
console.log(`✓ docker-compose.yml: ${SERVICES.length} services (healthchecks but on the one-shot ${ONE_SHOT.join(', ')}), NATS JetStream on a volume with a user per service`);
