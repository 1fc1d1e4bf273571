// The Debian packages `npm run cluster` runs, each found by a file it installs.
import { existsSync } from 'node:fs';
import { PG_BIN_DIR } from './patroni-config.mjs';

const CLUSTER_PACKAGES = [
  { name: 'etcd-server', file: '/usr/bin/etcd' },
  { name: 'patroni', file: '/usr/bin/patroni' },
  { name: 'haproxy', file: '/usr/sbin/haproxy' },
  { name: 'redis-sentinel', file: '/usr/bin/redis-sentinel' },
  { name: 'redis-server', file: '/usr/bin/redis-server' },
  { name: 'nats-server', file: '/usr/sbin/nats-server' },
  { name: 'postgresql', file: `${PG_BIN_DIR}/postgres` },
];

/** The packages whose file is missing, by name. */
export const missingPackages = (exists = existsSync) => CLUSTER_PACKAGES.filter((p) => !exists(p.file)).map((p) => p.name);

/** The command that installs them. */
export const installCommand = (names) => `apt-get update && apt-get install -y ${names.join(' ')}`;
