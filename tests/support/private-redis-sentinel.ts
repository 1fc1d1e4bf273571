import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from './free-port.js';
import { ServerProcess } from './server-process.js';

/**
 * A replicated Redis of the test's own on 127.0.0.1: a master, two replicas and three Sentinels
 * (quorum 2) that promote a replica within seconds of the master going silent. The Sentinels are
 * redis-server in sentinel mode, so nothing beyond the redis-server package is needed.
 */
export interface PrivateRedisSentinel {
  /** REDIS_URL's Sentinel form: `redis-sentinel://host:port,.../<master name>`. */
  url: string;
  masterName: string;
  /** The master's port as the Sentinels see it now. */
  masterPort(): Promise<number>;
  /** Waits until every replica holds everything the master acknowledged. */
  replicasCaughtUp(): Promise<void>;
  /** kill -9 of whichever server is the master now; resolves once the Sentinels named another. */
  killMaster(): Promise<{ from: number; to: number; promotedInMs: number }>;
  stop(): Promise<void>;
}

const MASTER_NAME = 'limo-test';

export async function startPrivateRedisSentinel(): Promise<PrivateRedisSentinel> {
  const dir = await mkdtemp(join(tmpdir(), 'limo-redis-sentinel-'));
  const dataPorts = [await freePort(), await freePort(), await freePort()];
  const sentinelPorts = [await freePort(), await freePort(), await freePort()];
  const data = dataPorts.map(
    (port, i) =>
      new ServerProcess(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, ...(i > 0 ? ['--replicaof', '127.0.0.1', String(dataPorts[0])] : [])],
        /Ready to accept connections/,
      ),
  );
  for (const server of data) await server.start();
  const sentinels = await Promise.all(
    sentinelPorts.map(async (port, i) => {
      // A Sentinel rewrites its file with what it learns: one each, writable.
      const file = join(dir, `sentinel-${i}.conf`);
      await writeFile(
        file,
        [
          `port ${port}`,
          'bind 127.0.0.1',
          `sentinel monitor ${MASTER_NAME} 127.0.0.1 ${dataPorts[0]} 2`,
          `sentinel down-after-milliseconds ${MASTER_NAME} 1000`,
          `sentinel failover-timeout ${MASTER_NAME} 5000`,
          `sentinel parallel-syncs ${MASTER_NAME} 1`,
        ].join('\n') + '\n',
      );
      return new ServerProcess('redis-server', [file, '--sentinel'], /Sentinel ID is|monitor master/);
    }),
  );
  for (const sentinel of sentinels) await sentinel.start();

  const askSentinel = async (): Promise<number> => {
    const client = new Redis({ port: sentinelPorts[0], host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await client.connect();
      const [, port] = (await client.call('SENTINEL', 'get-master-addr-by-name', MASTER_NAME)) as [string, string];
      return Number(port);
    } finally {
      client.disconnect();
    }
  };
  const serverAt = (port: number) => data[dataPorts.indexOf(port)]!;
  return {
    url: `redis-sentinel://${sentinelPorts.map((port) => `127.0.0.1:${port}`).join(',')}/${MASTER_NAME}`,
    masterName: MASTER_NAME,
    masterPort: askSentinel,
    async replicasCaughtUp() {
      const master = new Redis({ port: await askSentinel(), host: '127.0.0.1', maxRetriesPerRequest: 1 });
      try {
        // WAIT counts this connection's own writes only: one write, then until both replicas
        // acknowledged it, and with it everything the master took before.
        await master.set('replicas-caught-up', String(Date.now()));
        const acknowledged = (await master.call('WAIT', '2', '5000')) as number;
        if (acknowledged < 2) throw new Error(`only ${acknowledged} of 2 Redis replicas caught up`);
      } finally {
        master.disconnect();
      }
    },
    async killMaster() {
      const from = await askSentinel();
      const started = Date.now();
      await serverAt(from).halt('SIGKILL');
      for (;;) {
        const to = await askSentinel();
        if (to !== from) return { from, to, promotedInMs: Date.now() - started };
        if (Date.now() - started > 30_000) throw new Error('the Sentinels promoted no replica within 30 s');
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop() {
      await Promise.all([...sentinels, ...data].map((s) => s.halt('SIGTERM')));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
