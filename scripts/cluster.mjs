// `npm run cluster`: the product on three hosts of this machine, with every server clustered the
// way its makers document (docs/operations.md, "Three hosts on one machine"). The hosts are network
// namespaces on a bridge of 10.231.0.0/24 (needs root); each runs a nats-server of one JetStream
// cluster, an etcd member, PostgreSQL under Patroni (a primary, a synchronous standby, an async
// one), a Redis with a Sentinel, HAProxy (the PostgreSQL primary on :5000, the gateways on :8080),
// and one replica of the gateway and of every service. Prints the entry URL; Ctrl-C stops
// everything it started and removes the hosts. `-- --no-build` skips the build.
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDependencies } from './lib/dependencies.mjs';
import { npx } from './lib/run.mjs';
import { supervise } from './lib/supervisor.mjs';
import { DEFAULT_DEV_SECRETS_FILE, developmentSecrets } from './lib/dev-secrets.mjs';
import { installCommand, missingPackages } from './lib/cluster/packages.mjs';
import { createHosts, hostsPresent, removeHosts } from './lib/cluster/network.mjs';
import { HOSTS, PORTS, REDIS_MASTER, SUBNET } from './lib/cluster/topology.mjs';
import { writeHostFiles } from './lib/cluster/host-files.mjs';
import { productSpecs, SERVERS, serverSpecs } from './lib/cluster/processes.mjs';
import { etcdReady, healthy, natsMetaLeader, patroniReady, streamReplicas, waitFor } from './lib/cluster/readiness.mjs';

const started = Date.now();
ensureDependencies();
if (process.getuid?.() !== 0) {
  console.error('✗ npm run cluster makes network namespaces and a bridge: run it as root (sudo npm run cluster).');
  process.exit(1);
}
const missing = missingPackages();
if (missing.length) {
  console.error(`✗ npm run cluster needs ${missing.join(', ')}. Install with: ${installCommand(missing)}`);
  process.exit(1);
}
if (!process.argv.includes('--no-build')) npx(['nx', 'run-many', '-t', 'build', '--output-style=static']);

// Imported once built.
const { natsAuthConfig, natsKeys } = await import('../libs/messaging/dist/index.js');
const { ensureStreams } = await import('./nats-streams.mjs');
const { default: pg } = await import('pg');

const ROOT = 'var/cluster';
const prefix = process.env.NATS_PREFIX ?? 'limo';

if (hostsPresent()) {
  const left = await removeHosts();
  console.log(`removed a previous run's hosts (${left.namespaces} namespaces, ${left.processes} processes)`);
}
rmSync(ROOT, { recursive: true, force: true });
createHosts();

// Made up for this run, held in memory and handed to the processes' environments only.
// CLUSTER_POSTGRES_PASSWORD: the superuser's, from a caller that reads the database too (the fault suite).
const postgresPasswords = { superuser: process.env.CLUSTER_POSTGRES_PASSWORD || randomBytes(24).toString('base64url'), replication: randomBytes(24).toString('base64url') };
const natsSeeds = Object.fromEntries(Object.entries(process.env).filter(([name]) => /^NATS_[A-Z]+_NKEY_SEED$/.test(name)));
const keys = natsKeys(natsSeeds);
const natsLogin = (user) => ({ NATS_USER: user, NATS_NKEY_SEED: keys.seeds[user] });
const postgresUser = { uid: Number(idOf('-u')), gid: Number(idOf('-g')) };

const files = Object.fromEntries(HOSTS.map((host) => [host.name, writeHostFiles({ host, hosts: HOSTS, root: ROOT, natsAuthConfig, prefix, postgresUser })]));
const serverSpecsOf = HOSTS.map((host) => serverSpecs(host, files[host.name], { natsPublicKeyEnv: keys.publicKeyEnv, postgresPasswords }));

const label = (name) => `[${name}]`.padEnd(22);
// The servers' own output goes to var/cluster/<host>/logs/<server>.log (starting, electing and
// failing over, they write a lot); the product's warnings, and every start and exit, to the terminal.
const serverLogs = new Map();
const serverLog = (name) => {
  if (!serverLogs.has(name)) {
    const [host, server] = name.split(' ');
    mkdirSync(join(ROOT, host, 'logs'), { recursive: true });
    serverLogs.set(name, createWriteStream(join(ROOT, host, 'logs', `${server}.log`), { flags: 'a' }));
  }
  return serverLogs.get(name);
};
const isServer = (name) => SERVERS.includes(name.split(' ')[1]);
const logOptions = {
  log: (name, message) => console.error(`${label(name)}${message}`),
  output: (name, line) => (isServer(name) ? serverLog(name).write(`${line}\n`) : console.log(`${label(name)}${line}`)),
};

/** Supervised groups: the product's (all stopped at once) and the servers' (in reverse order of start, the bus last). */
const products = [];
const servers = [];
const start = (group, specs) => group.push(supervise(specs, logOptions));

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  console.log('\nstopping the cluster…');
  setTimeout(() => process.exit(code), 60_000).unref();
  await Promise.all(products.map((group) => group.stop()));
  for (const group of servers.reverse()) await group.stop();
  // Whatever a process left (a postgres whose Patroni was killed), then the namespaces and the bridge.
  await removeHosts();
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

const step = async (what, promise) => {
  const t = Date.now();
  const value = await promise;
  console.log(`✓ ${what} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  return value;
};

try {
  start(servers, serverSpecsOf.flatMap((s) => [s.nats, s.etcd, s.redis]));
  const leader = await step('NATS cluster: a JetStream meta leader', waitFor('the NATS meta leader', () => natsMetaLeader(HOSTS[0])));
  const natsUrl = HOSTS.map((h) => `nats://${h.address}:${PORTS.natsClient}`).join(',');
  // Only ops may make the streams (docs/security.md), before the services look for them.
  const stream = await step(`streams made as ops, on every server (meta leader ${leader})`, ensureStreams(natsUrl, prefix, natsLogin('ops'), HOSTS.length));

  await step("etcd: the cluster's version decided on every member", waitFor('etcd', () => etcdReady(HOSTS)));
  start(servers, serverSpecsOf.flatMap((s) => [s.sentinel, s.patroni, s.haproxy]));
  const members = await step('PostgreSQL: a Patroni leader and a synchronous standby', waitFor('Patroni', () => patroniReady(HOSTS[0]), 120_000));
  const primaryUrl = (host, database) => `postgresql://postgres:${encodeURIComponent(postgresPasswords.superuser)}@${host.address}:${PORTS.primary}/${database}`;
  await step('database limo through HAProxy', waitFor('the primary through HAProxy', () => createDatabase(primaryUrl(HOSTS[0], 'postgres'), 'limo'), 30_000));

  const sentinels = HOSTS.map((h) => `${h.address}:${PORTS.sentinel}`).join(',');
  const urls = (host) => ({
    DATABASE_URL: primaryUrl(host, 'limo'),
    REDIS_URL: `redis-sentinel://${sentinels}/${REDIS_MASTER}`,
    // The host's own server first, and kept first: requests stay with the host's own replicas.
    NATS_URL: [host, ...HOSTS.filter((h) => h !== host)].map((h) => `nats://${h.address}:${PORTS.natsClient}`).join(','),
    NATS_SERVERS_IN_ORDER: 'true',
    NATS_STREAM_REPLICAS: String(HOSTS.length),
  });
  const env = productEnv();
  // One host at a time: 21 Node processes starting at once on two cores would each take far longer.
  for (const host of HOSTS) {
    start(products, productSpecs(host, { env, urls, login: natsLogin }));
    await step(`${host.name}: gateway and services healthy`, waitFor(`${host.name}'s gateway`, () => healthy(`http://${host.address}:${PORTS.gateway}`), 180_000));
  }
  const entry = `http://${HOSTS[0].address}:${PORTS.http}`;
  await step('the gateways through HAProxy', waitFor('HAProxy', () => healthy(entry)));

  console.log(`\n  Prestige Limo on three hosts is running at ${entry}  (also ${HOSTS.slice(1).map((h) => `http://${h.address}:${PORTS.http}`).join(', ')})`);
  console.log(`  ready in ${((Date.now() - started) / 1000).toFixed(0)} s; Ctrl+C stops it and removes the hosts`);
  console.log(`  PostgreSQL: ${members.map((m) => `${m.name} ${m.role}`).join(', ')}; primary through HAProxy on :${PORTS.primary} of each host`);
  console.log(`  Redis: master ${REDIS_MASTER} through the Sentinels ${sentinels}`);
  const replicas = await streamReplicas(HOSTS[0], stream);
  console.log(`  NATS: ${natsUrl}; ${stream} on ${replicas?.count ?? '?'} servers (leader ${replicas?.leader ?? '?'})`);
  if (!process.env.ADMIN_USERNAME && env.NODE_ENV !== 'production') {
    const { DEV_ADMIN_USERNAME, DEV_ADMIN_PASSWORD } = await import('../gateway/dist/auth/admin-credentials.js');
    console.log(`  Admin: ${entry}/admin (development defaults: ${DEV_ADMIN_USERNAME} / ${DEV_ADMIN_PASSWORD})`);
  }
  console.log(`  The servers' logs: ${ROOT}/<host>/logs/   HAProxy stats: http://${HOSTS[0].address}:${PORTS.haproxyStats}/`);
  console.log(`  A shell on a host: ip netns exec ${HOSTS[0].name} bash\n`);
} catch (error) {
  console.error(`✗ ${error.message}`);
  await stop(1);
}

/** The operator's environment with `npm start`'s defaults, without any NATS login (each process gets its own). */
function productEnv() {
  const env = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    SEED_DEMO_DATA: process.env.SEED_DEMO_DATA ?? 'true',
    SEED_DEMO_BOOKINGS: process.env.SEED_DEMO_BOOKINGS ?? process.env.SEED_DEMO_DATA ?? 'true',
    // 21 processes on one terminal: warnings and errors only, unless asked.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    LOG_PRETTY: process.env.LOG_PRETTY ?? 'true',
    // Three replicas of each, each with a pool: PostgreSQL's max_connections is shared.
    DB_POOL_SIZE: process.env.DB_POOL_SIZE ?? '5',
    // The client's address in X-Forwarded-For comes from the HAProxies.
    TRUSTED_PROXIES: process.env.TRUSTED_PROXIES ?? SUBNET,
  };
  for (const name of Object.keys(env).filter((n) => n === 'NATS_USER' || n === 'NATS_NKEY_SEED' || /^NATS_[A-Z]+_NKEY_SEED$/.test(n))) delete env[name];
  // The superuser's password reaches the product only inside its DATABASE_URL.
  delete env.CLUSTER_POSTGRES_PASSWORD;
  if (env.NODE_ENV !== 'production') {
    for (const [name, value] of Object.entries(developmentSecrets(env.DEV_SECRETS_FILE || DEFAULT_DEV_SECRETS_FILE))) env[name] ||= value;
  }
  return env;
}

async function createDatabase(adminUrl, name) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
    return true;
  } finally {
    await client.end();
  }
}

function idOf(flag) {
  const result = spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error('no postgres user on this machine (the postgresql package makes it)');
  return result.stdout.trim();
}
