// `npm start`: the whole product on this machine with demo data. Checks (or starts) PostgreSQL and
// Redis, creates the database, builds, starts its own NATS with authentication (or uses NATS_URL),
// runs the five services and the gateway (which serves the web app) under a supervisor that
// restarts any of them that crashes, waits until /api/health is green and prints the URL.
// `npm start -- --no-build` skips the build (already built). On a fresh clone it installs the
// dependencies first: nothing from node_modules is imported before that (dynamic imports below).
import { ensureDependencies } from './lib/dependencies.mjs';
import { ensureServers, serverUrls, waitForNats } from './lib/servers.mjs';
import { npx } from './lib/run.mjs';
import { PRODUCT_ENV, productNodeArgs } from './lib/node-args.mjs';
import { supervise } from './lib/supervisor.mjs';
import { DEFAULT_DEV_SECRETS_FILE, developmentSecrets } from './lib/dev-secrets.mjs';
import { localSiteUrl, startEnvironment } from './lib/start-env.mjs';

ensureDependencies();
const { default: pg } = await import('pg');

const env = startEnvironment(process.env);
const { PORT } = env;
// Each process gets its own NATS user and seed below; one shared from the shell (e.g. ops') must
// not leak in, nor the operator's seeds of the users (NATS_<USER>_NKEY_SEED): only this script
// reads them, and hands each to its own process.
delete env.NATS_USER;
delete env.NATS_NKEY_SEED;
const natsSeeds = {};
for (const name of Object.keys(env).filter((name) => /^NATS_[A-Z]+_NKEY_SEED$/.test(name))) {
  natsSeeds[name] = env[name];
  delete env[name];
}
env.DATABASE_URL = serverUrls(env).postgres;
// Outside production, a secret the operator did not set comes from var/dev-secrets.json, made on
// the first start (docs/security.md); production must set its own.
if (env.NODE_ENV !== 'production') {
  for (const [name, value] of Object.entries(developmentSecrets(env.DEV_SECRETS_FILE || DEFAULT_DEV_SECRETS_FILE))) env[name] ||= value;
}
const sharedNats = Boolean(process.env.NATS_URL);

await ensureServers(env, { skip: sharedNats ? [] : ['nats'] });
await createDatabaseIfMissing(env.DATABASE_URL);
if (!process.argv.includes('--no-build')) npx(['nx', 'run-many', '-t', 'build', '--output-style=static']);

// Wide enough for the longest name (notifications) and a space.
const label = (name) => `[${name}]`.padEnd(16);
const logOptions = {
  log: (name, message) => console.error(`${label(name)}${message}`),
  // nats-server's own start-up banner ([INF]) is noise here; its warnings and errors (a refused permission) are not.
  output: (name, line) => (name === 'nats' && line.includes('[INF]') ? undefined : console.log(`${label(name)}${line}`)),
};

// Without NATS_URL: a nats-server of our own, with a user per process (docs/security.md). With
// NATS_URL (a shared NATS): each process logs in with the seed NATS_<NAME>_NKEY_SEED when that is set.
let nats;
let natsLogin = (user) => {
  const seed = natsSeeds[`NATS_${user.toUpperCase()}_NKEY_SEED`];
  return seed ? { NATS_USER: user, NATS_NKEY_SEED: seed } : {};
};
if (!sharedNats) {
  // Imported once built: it writes the configuration with libs/messaging.
  const { privateNats } = await import('./lib/private-nats.mjs');
  const server = await privateNats({ prefix: env.NATS_PREFIX ?? 'limo', storeDir: env.NATS_STORE_DIR ?? 'var/nats', port: env.NATS_PORT, env, seeds: natsSeeds });
  nats = supervise([server.spec], logOptions);
  env.NATS_URL = server.url;
  natsLogin = server.credentials;
  if (!(await waitForNats(server.url))) {
    console.error(`✗ the private nats-server did not answer at ${server.url}`);
    await nats.stop();
    process.exit(1);
  }
}
// Only ops may make the streams (docs/security.md): made before the services look for them. On a
// shared NATS without NATS_OPS_NKEY_SEED they must exist already (or the NATS lets anyone make them).
{
  const { ensureStreams } = await import('./nats-streams.mjs');
  await ensureStreams(env.NATS_URL, env.NATS_PREFIX ?? 'limo', natsLogin('ops')).catch((error) => {
    if (!sharedNats) throw error;
    console.error(`! could not make the streams as ops (${error.message}): run \`node scripts/nats-streams.mjs\` with NATS_USER=ops`);
  });
}

// Each service's metrics and health listen on their own port (METRICS_PORT): 9101 and up, or
// free ones with METRICS_BASE_PORT=0.
const metricsBase = Number(env.METRICS_BASE_PORT ?? 9101);
const metricsPort = (i) => String(metricsBase ? metricsBase + i : 0);
const processes = [
  ['fleet', 'services/fleet/dist/main.js', { METRICS_PORT: metricsPort(0) }],
  ['booking', 'services/booking/dist/main.js', { METRICS_PORT: metricsPort(1) }],
  ['drivers', 'services/drivers/dist/main.js', { METRICS_PORT: metricsPort(2) }],
  ['reporting', 'services/reporting/dist/main.js', { METRICS_PORT: metricsPort(3) }],
  ['notifications', 'services/notifications/dist/main.js', { METRICS_PORT: metricsPort(4) }],
  ['customers', 'services/customers/dist/main.js', { METRICS_PORT: metricsPort(5) }],
  ['gateway', 'gateway/dist/main.js', {}],
];
const product = supervise(
  processes.map(([name, script, own]) => ({
    name,
    command: process.execPath,
    args: [...productNodeArgs(name), script],
    // The operator's own environment wins over the defaults in PRODUCT_ENV.
    env: { ...PRODUCT_ENV, ...env, ...own, ...natsLogin(name) },
  })),
  logOptions,
);

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(code), 15_000).unref();
  // The product first, then the bus it was draining into.
  await product.stop();
  await nats?.stop();
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

const url = localSiteUrl(PORT);
const deadline = Date.now() + 60_000;
for (;;) {
  try {
    const res = await fetch(`${url}/api/health`);
    if (res.ok) break;
  } catch {}
  if (Date.now() > deadline) {
    console.error(`✗ the product did not become healthy within 60 s: see ${url}/api/health`);
    stop(1);
    break;
  }
  await new Promise((r) => setTimeout(r, 500));
}
if (!stopping) {
  console.log(`\n  Prestige Limo is running at ${url}\n  Admin: ${url}/admin   Health: ${url}/api/health   (Ctrl+C stops it)`);
  if (!process.env.ADMIN_USERNAME && env.NODE_ENV !== 'production') {
    const { DEV_ADMIN_USERNAME, DEV_ADMIN_PASSWORD } = await import('../gateway/dist/auth/admin-credentials.js');
    console.log(`  Admin login (development defaults): ${DEV_ADMIN_USERNAME} / ${DEV_ADMIN_PASSWORD}`);
  }
  if (nats) console.log(`  NATS (this run's own, with authentication): ${env.NATS_URL}`);
  if (env.SEED_DEMO_DATA === 'true' && env.NODE_ENV !== 'production') {
    console.log(`  Driver login (a demo chauffeur): ${url}/login  whitma / ${env.DEMO_DRIVER_PASSWORD ?? 'limo-driver-dev'}`);
  }
  console.log('');
}

async function createDatabaseIfMissing(databaseUrl) {
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      console.log(`created database ${name}`);
    }
  } finally {
    await client.end();
  }
}
