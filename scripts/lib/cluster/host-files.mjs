// Each host's configuration files and data directories under var/cluster/<host>/, written from
// the pure writers next to this file. Made afresh each run: the cluster starts from scratch.
import { chmodSync, chownSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { etcdArgs } from './etcd-args.mjs';
import { haproxyConfig } from './haproxy-config.mjs';
import { natsClusterConfig } from './nats-cluster-config.mjs';
import { patroniConfig } from './patroni-config.mjs';
import { redisConfig, sentinelConfig } from './redis-config.mjs';

/**
 * @param {{ host: { name: string, address: string }, hosts: Array<{ name: string, address: string }>, root: string, natsAuthConfig: (options: { prefix: string, storeDir: string }) => string, prefix: string, postgresUser: { uid: number, gid: number } }} options
 * @returns the files' and directories' paths, and etcd's arguments
 */
export function writeHostFiles({ host, hosts, root, natsAuthConfig, prefix, postgresUser }) {
  const dir = resolve(root, host.name);
  const paths = {
    natsConfig: join(dir, 'nats', 'nats-server.conf'),
    etcdData: join(dir, 'etcd'),
    redisConfig: join(dir, 'redis', 'redis.conf'),
    sentinelConfig: join(dir, 'redis', 'sentinel.conf'),
    // PostgreSQL runs as postgres: its directory is postgres' alone (initdb wants its data directory 0700).
    postgres: join(dir, 'postgres'),
    patroniConfig: join(dir, 'postgres', 'patroni.yml'),
    haproxyConfig: join(dir, 'haproxy', 'haproxy.cfg'),
  };
  for (const sub of ['nats/store', 'etcd', 'redis', 'postgres/run', 'haproxy']) mkdirSync(join(dir, sub), { recursive: true });
  chmodSync(paths.etcdData, 0o700);

  const [master] = hosts;
  writeFileSync(paths.natsConfig, natsClusterConfig({ authConfig: natsAuthConfig({ prefix, storeDir: join(dir, 'nats', 'store') }), host, hosts }));
  writeFileSync(paths.redisConfig, redisConfig({ host, master, dir: join(dir, 'redis') }));
  writeFileSync(paths.sentinelConfig, sentinelConfig({ host, master, dir: join(dir, 'redis') }));
  writeFileSync(
    paths.patroniConfig,
    patroniConfig({ host, hosts, dataDir: join(paths.postgres, 'data'), socketDir: join(paths.postgres, 'run'), pgpass: join(paths.postgres, 'pgpass') }),
  );
  writeFileSync(paths.haproxyConfig, haproxyConfig({ host, hosts }));
  for (const path of [paths.postgres, join(paths.postgres, 'run'), paths.patroniConfig]) chownSync(path, postgresUser.uid, postgresUser.gid);
  chmodSync(paths.postgres, 0o700);
  return { ...paths, etcdArgs: etcdArgs(host, hosts, paths.etcdData) };
}
