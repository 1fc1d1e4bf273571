// `npm start`'s own NATS (when no NATS_URL is given): a nats-server with JetStream and the bus's
// users and permissions (libs/messaging/src/nats-auth.ts), on a free port of 127.0.0.1, its store
// under var/nats. Each user is an nkey: the configuration file names the public-key variables
// ($NATS_GATEWAY_NKEY, ...), which nats-server gets in its environment; the seeds (the secrets)
// are made up at each start (or taken from NATS_<USER>_NKEY_SEED when set, e.g. to run
// `npm run events:redrive` as ops), kept in memory and handed each to its own process in its
// environment only: never written, never printed, never given to nats-server.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { join, resolve } from 'node:path';
import { natsAuthConfig, natsKeys } from '../../libs/messaging/dist/index.js';

const NATS_BINARIES = ['/usr/sbin/nats-server', '/usr/bin/nats-server'];

function freePort() {
  return new Promise((done, fail) => {
    const server = net.createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** A nats-server a previous `npm start` left behind (killed with -9) still holds the store: stop it. */
async function stopLeftover(pidFile) {
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  let cmdline = '';
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return; // gone
  }
  if (!cmdline.includes('nats-server') || !cmdline.includes(pidFile)) return;
  console.log(`stopping the nats-server a previous npm start left running (pid ${pid})`);
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 50 && existsSync(`/proc/${pid}`); i++) await new Promise((r) => setTimeout(r, 100));
}

/**
 * Prepares the private NATS: returns its URL, the supervisor's spec to run it, and each user's
 * NATS_USER / NATS_NKEY_SEED for its process's environment. `env` is nats-server's environment
 * (no seed in it); `seeds` the operator's NATS_<USER>_NKEY_SEED, if any.
 */
export async function privateNats({ prefix, storeDir = 'var/nats', port, env = process.env, seeds = {} }) {
  const bin = NATS_BINARIES.find(existsSync) ?? 'nats-server';
  const dir = resolve(storeDir);
  mkdirSync(dir, { recursive: true });
  const pidFile = join(dir, 'nats-server.pid');
  await stopLeftover(pidFile);
  const config = join(dir, 'nats-server.conf');
  writeFileSync(config, natsAuthConfig({ prefix }));
  const keys = natsKeys(seeds);
  const listen = Number(port) || (await freePort());
  return {
    url: `nats://127.0.0.1:${listen}`,
    spec: {
      name: 'nats',
      command: bin,
      args: ['-a', '127.0.0.1', '-p', String(listen), '-js', '-sd', join(dir, 'store'), '-c', config, '-P', pidFile],
      env: { ...env, ...keys.publicKeyEnv },
    },
    credentials: (user) => ({ NATS_USER: user, NATS_NKEY_SEED: keys.seeds[user] }),
  };
}
