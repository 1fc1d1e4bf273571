// `npm run cluster`'s three hosts: Linux network namespaces on a bridge of a private subnet made
// for it (nothing else on the machine uses 10.231.0.0/24), and the ports every host listens on.
// Each host has its own addresses and loopback, so all three use the same ports.

export const SUBNET = '10.231.0.0/24';
export const BRIDGE = { name: 'br-limo', address: '10.231.0.1' };

/** The hosts: the namespace's name, its address and the veth that joins it to the bridge. */
export const HOSTS = [
  { name: 'limo1', address: '10.231.0.11', veth: 'veth-limo1' },
  { name: 'limo2', address: '10.231.0.12', veth: 'veth-limo2' },
  { name: 'limo3', address: '10.231.0.13', veth: 'veth-limo3' },
];

export const PORTS = {
  natsClient: 4222,
  natsCluster: 6222,
  natsMonitor: 8222,
  etcdClient: 2379,
  etcdPeer: 2380,
  postgres: 5432,
  patroniApi: 8008,
  redis: 6379,
  sentinel: 26379,
  /** HAProxy: the PostgreSQL primary, wherever Patroni put it. */
  primary: 5000,
  /** HAProxy: the three gateways. */
  http: 8080,
  haproxyStats: 7000,
  gateway: 3000,
};

/** Sentinel's name for the Redis master (REDIS_URL's path). */
export const REDIS_MASTER = 'limo';
/** The Patroni cluster's name (its etcd keys are under /service/<name>). */
export const PATRONI_SCOPE = 'limo';
export const NATS_CLUSTER = 'limo';
