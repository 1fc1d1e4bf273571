// @ts-expect-error: a plain ES module of the scripts, without type declarations
import { etcdArgs } from '../../scripts/lib/cluster/etcd-args.mjs';
// @ts-expect-error: as above
import { haproxyConfig } from '../../scripts/lib/cluster/haproxy-config.mjs';
// @ts-expect-error: as above
import { natsClusterConfig } from '../../scripts/lib/cluster/nats-cluster-config.mjs';
// @ts-expect-error: as above
import { patroniConfig } from '../../scripts/lib/cluster/patroni-config.mjs';
// @ts-expect-error: as above
import { redisConfig, sentinelConfig } from '../../scripts/lib/cluster/redis-config.mjs';
// @ts-expect-error: as above
import { installCommand, missingPackages } from '../../scripts/lib/cluster/packages.mjs';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { natsAuthConfig, natsKeys } from '@limo/messaging';

/**
 * `npm run cluster`'s configuration writers (scripts/lib/cluster/): what each server is told.
 * Pure functions, checked without the servers (npm test runs without the cluster's packages);
 * the cluster itself is checked by running it (docs/operations.md).
 */
const hosts = [
  { name: 'a', address: '10.9.0.11' },
  { name: 'b', address: '10.9.0.12' },
  { name: 'c', address: '10.9.0.13' },
];
const [a, b] = hosts;

/** `--name=value` arguments as an object. */
const argMap = (args: string[]) => Object.fromEntries(args.map((arg) => arg.replace(/^--/, '').split(/=(.*)/s).slice(0, 2)));

describe('etcd arguments', () => {
  it('listen and advertise on the host\'s own address and name every member of a new cluster', () => {
    const args = argMap(etcdArgs(b, hosts, '/data/b/etcd'));
    expect(args).toMatchObject({
      name: 'b',
      'data-dir': '/data/b/etcd',
      'listen-client-urls': 'http://10.9.0.12:2379',
      'advertise-client-urls': 'http://10.9.0.12:2379',
      'listen-peer-urls': 'http://10.9.0.12:2380',
      'initial-advertise-peer-urls': 'http://10.9.0.12:2380',
      'initial-cluster': 'a=http://10.9.0.11:2380,b=http://10.9.0.12:2380,c=http://10.9.0.13:2380',
      'initial-cluster-state': 'new',
    });
  });
});

describe('patroni.yml', () => {
  const config = JSON.parse(patroniConfig({ host: b, hosts, dataDir: '/d/pg', socketDir: '/d/run', pgpass: '/d/pgpass' }));

  it('is the member of one scope using all three etcd members, its own host\'s first and kept first, its REST API on the host\'s address', () => {
    expect(config.scope).toBe('limo');
    expect(config.name).toBe('b');
    expect(config.etcd3.hosts).toEqual(['10.9.0.12:2379', '10.9.0.11:2379', '10.9.0.13:2379']);
    // No discovery: Patroni would shuffle the members it learns and talk to any of them.
    expect(config.etcd3.use_proxies).toBe(true);
    expect(config.restapi).toEqual({ listen: '10.9.0.12:8008', connect_address: '10.9.0.12:8008' });
  });

  it('bootstraps with synchronous replication and a leader key that expires sooner than a promotion must take', () => {
    const { dcs } = config.bootstrap;
    expect(dcs.synchronous_mode).toBe(true);
    expect(dcs.synchronous_node_count).toBe(1);
    expect(dcs.ttl).toBeGreaterThan(dcs.loop_wait + 2 * dcs.retry_timeout);
    expect(dcs.ttl).toBeLessThanOrEqual(30);
  });

  it('names another synchronous standby within about 5 s of the synchronous one falling silent', () => {
    const { dcs } = config.bootstrap;
    const seconds = (value: string) => Number(/^(\d+)s$/.exec(value)![1]);
    // The silent standby's WAL sender gives up, then the primary's Patroni notices at its next loop.
    expect(seconds(dcs.postgresql.parameters.wal_sender_timeout) + dcs.loop_wait).toBeLessThanOrEqual(5);
    // Not so short that a standby slowed by two busy cores is cut: it has half of it to answer a ping.
    expect(seconds(dcs.postgresql.parameters.wal_sender_timeout)).toBeGreaterThanOrEqual(3);
  });

  it('runs PostgreSQL 15 from Debian in its own directories, with its socket apart from the other hosts\'', () => {
    expect(config.postgresql).toMatchObject({
      bin_dir: '/usr/lib/postgresql/15/bin',
      data_dir: '/d/pg',
      pgpass: '/d/pgpass',
      connect_address: '10.9.0.12:5432',
      parameters: { unix_socket_directories: '/d/run' },
    });
  });

  it('lets the replication user and clients in from the subnet with a password only, and holds no password itself', () => {
    expect(config.postgresql.pg_hba).toEqual(
      expect.arrayContaining(['host replication replicator 10.231.0.0/24 scram-sha-256', 'host all all 10.231.0.0/24 scram-sha-256']),
    );
    expect(config.postgresql.pg_hba.filter((line: string) => line.startsWith('host')).every((line: string) => line.endsWith('scram-sha-256'))).toBe(true);
    expect(config.postgresql.authentication).toEqual({ superuser: { username: 'postgres' }, replication: { username: 'replicator' } });
    expect(JSON.stringify(config)).not.toMatch(/password/i);
  });
});

describe('haproxy.cfg', () => {
  const cfg: string = haproxyConfig({ host: b, hosts });
  const section = (name: string) => cfg.split(/\n(?=\S)/).find((s) => s.startsWith(name)) ?? '';

  it('sends PostgreSQL clients to the one server whose Patroni says it is the primary, cutting their sessions when it no longer is', () => {
    const primary = section('listen postgres_primary');
    expect(primary).toContain('bind 10.9.0.12:5000');
    expect(primary).toMatch(/option httpchk (OPTIONS|GET) \/primary/);
    expect(primary).toContain('on-marked-down shutdown-sessions');
    expect(primary.match(/^\s+server .*$/gm)).toEqual([
      '  server a 10.9.0.11:5432 check port 8008',
      '  server b 10.9.0.12:5432 check port 8008',
      '  server c 10.9.0.13:5432 check port 8008',
    ]);
  });

  it('balances HTTP over the three gateways, each checked with its readiness probe', () => {
    expect(section('frontend http')).toContain('bind 10.9.0.12:8080');
    const gateways = section('backend gateways');
    expect(gateways).toContain('option httpchk GET /api/health/live');
    expect(gateways.match(/^\s+server .*$/gm)).toEqual(['  server a 10.9.0.11:3000 check', '  server b 10.9.0.12:3000 check', '  server c 10.9.0.13:3000 check']);
  });
});

describe('redis.conf and sentinel.conf', () => {
  const lines = (text: string) => text.split('\n');

  it('starts the first host as the master and the others as its replicas, each on its own address', () => {
    expect(lines(redisConfig({ host: a, master: a, dir: '/r' })).filter((l) => l.startsWith('replicaof'))).toEqual([]);
    const replica = lines(redisConfig({ host: b, master: a, dir: '/r' }));
    expect(replica).toContain('replicaof 10.9.0.11 6379');
    expect(replica).toContain('bind 10.9.0.12 127.0.0.1');
    expect(replica).toContain('dir /r');
  });

  it('has every Sentinel watch the same master under one name with a quorum of two', () => {
    for (const host of hosts) {
      const conf = lines(sentinelConfig({ host, master: a, dir: '/s' }));
      expect(conf).toContain('sentinel monitor limo 10.9.0.11 6379 2');
      expect(conf).toContain(`bind ${host.address} 127.0.0.1`);
      expect(conf).toContain('port 26379');
    }
    expect(lines(sentinelConfig({ host: a, master: a, dir: '/s', quorum: 3 }))).toContain('sentinel monitor limo 10.9.0.11 6379 3');
  });
});

describe('the NATS cluster configuration', () => {
  const auth = natsAuthConfig({ prefix: 'limo', storeDir: '/n/store' });
  const conf: string = natsClusterConfig({ authConfig: auth, host: b, hosts });

  it('keeps npm start\'s users and permissions and this host\'s JetStream store', () => {
    expect(conf.startsWith(auth.trimEnd())).toBe(true);
    expect(conf).toContain('jetstream { store_dir: "/n/store" }');
    expect(conf).toContain('nkey: $NATS_OPS_NKEY');
  });

  it('names the server and routes to the other two hosts only', () => {
    expect(conf).toContain('server_name: "b"');
    expect(conf).toContain('listen: "10.9.0.12:4222"');
    const cluster = /cluster \{([^}]*)\}/.exec(conf)?.[1] ?? '';
    expect(cluster).toContain('listen: "10.9.0.12:6222"');
    expect(cluster).toContain('routes: ["nats-route://10.9.0.11:6222", "nats-route://10.9.0.13:6222"]');
  });

  it('is accepted by nats-server (which npm test has), given the users\' public keys', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'limo-cluster-'));
    try {
      const file = join(dir, 'nats-server.conf');
      await writeFile(file, conf);
      const check = spawnSync('nats-server', ['-t', '-c', file], { env: { PATH: process.env.PATH, ...natsKeys().publicKeyEnv }, encoding: 'utf8' });
      expect(check.stderr).toMatch(/is valid/);
      expect(check.status).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('drops a server that stops answering within seconds, not the default minutes', () => {
    const seconds = Number(/^ping_interval: "(\d+)s"$/m.exec(conf)?.[1]);
    const pings = Number(/^ping_max: (\d+)$/m.exec(conf)?.[1]);
    expect(seconds * pings).toBeLessThanOrEqual(10);
  });

  it('closes a route whose writes wait (a busy route to a host cut off is not pinged) within seconds, not the default 10 s', () => {
    expect(Number(/^write_deadline: "(\d+)s"$/m.exec(conf)?.[1])).toBeLessThanOrEqual(3);
  });
});

describe('the cluster\'s packages', () => {
  it('names each missing package and the command that installs them', () => {
    const present = new Set(['/usr/bin/etcd', '/usr/sbin/haproxy', '/usr/bin/redis-server', '/usr/sbin/nats-server', '/usr/lib/postgresql/15/bin/postgres']);
    const missing = missingPackages((file: string) => present.has(file));
    expect(missing).toEqual(['patroni', 'redis-sentinel']);
    expect(installCommand(missing)).toBe('apt-get update && apt-get install -y patroni redis-sentinel');
    expect(missingPackages(() => true)).toEqual([]);
  });
});
