// Makes sure PostgreSQL, Redis and NATS (JetStream) answer at their configured URLs. A local one
// that is down is started if its binary is installed; otherwise we stop with the exact command
// that installs it. Used by `npm start` and `npm test`.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import net from 'node:net';

const INSTALL = 'apt-get update && apt-get install -y postgresql redis-server nats-server';

export const serverUrls = (env = process.env) => ({
  postgres: env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/limo',
  redis: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  nats: (env.NATS_URL ?? 'nats://127.0.0.1:4222').split(',')[0],
});

function hostPort(url, defaultPort) {
  // REDIS_URL's Sentinel form (redis-sentinel://h1:26379,h2:26379/<master>): the first Sentinel,
  // which answers PING as a Redis does; the application itself asks them all.
  const sentinel = /^redis-sentinel:\/\/(?:[^@/]*@)?([^,/:]+)(?::(\d+))?/.exec(url);
  if (sentinel) return { host: sentinel[1], port: Number(sentinel[2] ?? 26379) };
  const u = new URL(url);
  return { host: u.hostname || '127.0.0.1', port: Number(u.port || defaultPort) };
}

/** Opens a TCP connection, optionally sends a line, resolves with the first bytes received. */
function probe({ host, port }, { send, read = false, timeoutMs = 1500 } = {}) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    let data = '';
    const done = (value) => {
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(timeoutMs, () => done(null));
    socket.on('error', () => done(null));
    socket.on('connect', () => {
      if (send) socket.write(send);
      else if (!read) done('connected');
    });
    socket.on('data', (chunk) => {
      data += chunk.toString();
      if (data.includes('\n')) done(data);
    });
  });
}

const checks = {
  postgres: async (url) => (await probe(hostPort(url, 5432))) !== null,
  redis: async (url) => /PONG/.test((await probe(hostPort(url, 6379), { send: 'PING\r\n' })) ?? ''),
  // The server greets with an INFO line; JetStream must be on.
  nats: async (url) => /^INFO .*"jetstream":true/.test((await probe(hostPort(url, 4222), { read: true })) ?? ''),
};

const isLocal = (url) => !url.startsWith('redis-sentinel:') && ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(new URL(url).hostname);
const have = (bin) => spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0;

const starters = {
  postgres(url) {
    if (!have('pg_ctlcluster') || !existsSync('/etc/postgresql')) return false;
    const version = readdirSync('/etc/postgresql')[0];
    return spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { stdio: 'inherit' }).status === 0;
  },
  redis(url) {
    if (!have('redis-server')) return false;
    const { port } = hostPort(url, 6379);
    return spawnSync('redis-server', ['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: 'inherit' }).status === 0;
  },
  nats(url) {
    const bin = ['/usr/sbin/nats-server', '/usr/bin/nats-server'].find(existsSync) ?? (have('nats-server') ? 'nats-server' : null);
    if (!bin) return false;
    const { port } = hostPort(url, 4222);
    const storeDir = process.getuid?.() === 0 ? '/var/lib/nats-server' : `${process.env.HOME}/.local/share/limo-nats`;
    mkdirSync(storeDir, { recursive: true });
    spawn(bin, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { detached: true, stdio: 'ignore' }).unref();
    return true;
  },
};

async function waitFor(check, url, ms = 15000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check(url)) return true;
    await new Promise((r) => setTimeout(r, 300));
  }
  return false;
}

/** Waits until a NATS server with JetStream answers at `url` (it greets before any authentication). */
export async function waitForNats(url, ms) {
  return waitFor(checks.nats, url, ms);
}

/** Checks (or starts) the servers; `skip` names ones the caller runs itself (`npm start`'s private NATS). */
export async function ensureServers(env = process.env, { skip = [] } = {}) {
  const urls = serverUrls(env);
  const problems = [];
  for (const [name, url] of Object.entries(urls)) {
    if (skip.includes(name)) continue;
    if (await checks[name](url)) continue;
    if (!isLocal(url)) {
      problems.push(`${name} does not answer at ${redact(url)} (a remote server: start it there)`);
      continue;
    }
    console.log(`${name} is not answering at ${redact(url)}: starting a local one`);
    if (!starters[name](url)) {
      problems.push(`${name} is not installed on this machine. Install it with: ${INSTALL}`);
      continue;
    }
    if (!(await waitFor(checks[name], url))) problems.push(`${name} was started but does not answer at ${redact(url)}`);
  }
  if (problems.length) {
    for (const p of problems) console.error(`✗ ${p}`);
    process.exit(1);
  }
}

function redact(url) {
  if (url.startsWith('redis-sentinel:')) return url.replace(/\/\/[^@/]*@/, '//***@').replace(/sentinelPassword=[^&]*/, 'sentinelPassword=***');
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}
