// `npm start`: the whole product on this machine with demo data. Checks (or starts) PostgreSQL,
// Redis and NATS, creates the database, builds, runs the five services and the gateway (which
// serves the web app), waits until /api/health is green and prints the URL.
import { spawn } from 'node:child_process';
import pg from 'pg';
import { ensureServers, serverUrls } from './lib/servers.mjs';
import { npx } from './lib/run.mjs';

const PORT = process.env.PORT ?? '3000';
const env = {
  ...process.env,
  PORT,
  SEED_DEMO_DATA: process.env.SEED_DEMO_DATA ?? 'true',
  SEED_DEMO_BOOKINGS: process.env.SEED_DEMO_BOOKINGS ?? process.env.SEED_DEMO_DATA ?? 'true',
  NODE_ENV: process.env.NODE_ENV ?? 'development',
};
// Readable log lines on a developer's terminal; JSON (for a log collector) when asked or in production.
env.LOG_PRETTY ??= env.NODE_ENV === 'production' ? 'false' : 'true';
env.DATABASE_URL = serverUrls(env).postgres;

await ensureServers(env);
await createDatabaseIfMissing(env.DATABASE_URL);
npx(['nx', 'run-many', '-t', 'build', '--output-style=static']);

// Each service's metrics and health listen on their own port (METRICS_PORT): 9101 and up.
const processes = [
  ['fleet', 'services/fleet/dist/main.js', { METRICS_PORT: '9101' }],
  ['booking', 'services/booking/dist/main.js', { METRICS_PORT: '9102' }],
  ['drivers', 'services/drivers/dist/main.js', { METRICS_PORT: '9103' }],
  ['reporting', 'services/reporting/dist/main.js', { METRICS_PORT: '9104' }],
  ['notifications', 'services/notifications/dist/main.js', { METRICS_PORT: '9105' }],
  ['gateway', 'gateway/dist/main.js', {}],
];
const children = processes.map(([name, script, own]) => {
  const child = spawn(process.execPath, ['--enable-source-maps', script], { env: { ...env, ...own }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${name}]`.padEnd(12);
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop();
      for (const line of lines) console.log(`${prefix}${line}`);
    });
  }
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${prefix}exited (${code ?? signal}); stopping everything`);
      stop(1);
    }
  });
  return child;
});

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
  Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.once('exit', r))))).then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

const url = `http://localhost:${PORT}`;
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
