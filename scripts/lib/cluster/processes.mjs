// The supervisor's specs for each host of `npm run cluster`: every command runs inside its host
// (`ip netns exec`), with only the environment it needs; the product's processes as `npm start`
// runs them (Node options, PRODUCT_ENV), each with its own NATS login.
import { PRODUCT_ENV, productNodeArgs } from '../node-args.mjs';
import { inHost } from './network.mjs';
import { PORTS } from './topology.mjs';

const BASE_ENV = { PATH: process.env.PATH, LANG: 'C.UTF-8' };

export const SERVERS = ['nats', 'etcd', 'redis', 'sentinel', 'patroni', 'haproxy'];

/** The servers of one host (SERVERS), by name. */
export function serverSpecs(host, files, { natsPublicKeyEnv, postgresPasswords }) {
  const spec = (name, command, args, env = {}) => ({ name: `${host.name} ${name}`, ...inHost(host, command, args), env: { ...BASE_ENV, ...env } });
  return {
    nats: spec('nats', '/usr/sbin/nats-server', ['-c', files.natsConfig], natsPublicKeyEnv),
    etcd: spec('etcd', '/usr/bin/etcd', files.etcdArgs),
    redis: spec('redis', '/usr/bin/redis-server', [files.redisConfig]),
    sentinel: spec('sentinel', '/usr/bin/redis-sentinel', [files.sentinelConfig]),
    // PostgreSQL refuses to run as root: Patroni (which runs it) is started as postgres.
    patroni: spec('patroni', 'setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', '/usr/bin/patroni', files.patroniConfig], {
      HOME: files.postgres,
      PATRONI_SUPERUSER_PASSWORD: postgresPasswords.superuser,
      PATRONI_REPLICATION_PASSWORD: postgresPasswords.replication,
    }),
    haproxy: spec('haproxy', '/usr/sbin/haproxy', ['-db', '-f', files.haproxyConfig]),
  };
}

const PRODUCT_PROCESSES = [
  ['fleet', 'services/fleet/dist/main.js'],
  ['booking', 'services/booking/dist/main.js'],
  ['drivers', 'services/drivers/dist/main.js'],
  ['reporting', 'services/reporting/dist/main.js'],
  ['notifications', 'services/notifications/dist/main.js'],
  ['customers', 'services/customers/dist/main.js'],
  ['gateway', 'gateway/dist/main.js'],
];

/**
 * The gateway and every service of one host. `env` is what they share (the operator's, the
 * secrets); `urls(host)` the host's DATABASE_URL, REDIS_URL and NATS_URL; `login(name)` a
 * process's NATS_USER and NATS_NKEY_SEED.
 */
export function productSpecs(host, { env, urls, login }) {
  return PRODUCT_PROCESSES.map(([name, script], i) => ({
    name: `${host.name} ${name}`,
    ...inHost(host, process.execPath, [...productNodeArgs(name), script]),
    env: {
      ...PRODUCT_ENV,
      ...env,
      ...urls(host),
      PORT: String(PORTS.gateway),
      // The gateway listens on the host's address, where the HAProxies of all three reach it.
      HOST: host.address,
      // Each service's /metrics and health, on the host's loopback.
      ...(name === 'gateway' ? {} : { METRICS_PORT: String(9101 + i) }),
      ...login(name),
    },
  }));
}
