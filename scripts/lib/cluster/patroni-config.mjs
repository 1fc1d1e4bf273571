// A Patroni member of `npm run cluster`: its patroni.yml. JSON is YAML too (Patroni reads either),
// and JSON.stringify quotes every value safely. No password in it: Patroni reads them from
// PATRONI_SUPERUSER_PASSWORD and PATRONI_REPLICATION_PASSWORD in its environment.
import { PATRONI_SCOPE, PORTS, SUBNET } from './topology.mjs';

export const PG_BIN_DIR = '/usr/lib/postgresql/15/bin';
const REPLICATION_USER = 'replicator';

/**
 * @param {{
 *   host: { name: string, address: string },
 *   hosts: Array<{ address: string }>,
 *   dataDir: string,
 *   socketDir: string,
 *   pgpass: string,
 * }} options
 * @returns {string}
 */
export function patroniConfig({ host, hosts, dataDir, socketDir, pgpass }) {
  const config = {
    scope: PATRONI_SCOPE,
    name: host.name,
    restapi: { listen: `${host.address}:${PORTS.patroniApi}`, connect_address: `${host.address}:${PORTS.patroniApi}` },
    // Its own host's etcd member first, and kept first (use_proxies: no topology discovery, which
    // shuffles the members): left to chance, a primary's Patroni talking to a cut-off host's member
    // lost its first request of a loop to a 1.7 s read timeout (retry_timeout / 3 members) before
    // trying the next. A member of the majority answers at once; the others stay as fallbacks.
    etcd3: { hosts: [host, ...hosts.filter((h) => h.address !== host.address)].map((h) => `${h.address}:${PORTS.etcdClient}`), use_proxies: true },
    // Written once into etcd by the member that bootstraps; the whole cluster's settings.
    bootstrap: {
      dcs: {
        // A dead primary's leader key expires after ttl; ttl > loop_wait + 2 x retry_timeout.
        ttl: 15,
        // The primary names another synchronous standby at its first loop after the cut-off one's
        // WAL sender gave up (below): up to loop_wait later. 2 s (3 before): a cut-off
        // synchronous standby held commits 5.5-7.6 s with 3 s; a loop costs three queries and
        // two etcd writes, 1 s would triple them on two shared cores for half a second less.
        loop_wait: 2,
        retry_timeout: 5,
        maximum_lag_on_failover: 1048576,
        // A commit returns once one standby has it: the standby Patroni promotes loses nothing.
        synchronous_mode: true,
        synchronous_node_count: 1,
        postgresql: {
          use_pg_rewind: true,
          parameters: {
            // 6 services x 3 hosts with pools of DB_POOL_SIZE (cluster.mjs sets 5), plus Patroni and the operator.
            max_connections: 200,
            // Three servers on one machine: less than the 128 MB default each.
            shared_buffers: '64MB',
            wal_level: 'replica',
            hot_standby: 'on',
            wal_log_hints: 'on',
            max_wal_senders: 10,
            max_replication_slots: 10,
            // A standby cut off the network holds every commit while it is the synchronous one:
            // its sender gives up after 3 s (not 60), so Patroni's next loop names the other
            // standby and commits go on (npm run chaos -- --cluster, the partition). The sender
            // asks for a reply after half of it: a standby silent for 1.5 s more is cut, which on
            // a busy machine costs a reconnection (and a change of synchronous standby), not a failover.
            wal_sender_timeout: '3s',
          },
        },
      },
      initdb: [{ encoding: 'UTF8' }, { locale: 'C.UTF-8' }, 'data-checksums'],
    },
    postgresql: {
      listen: `${host.address},127.0.0.1:${PORTS.postgres}`,
      connect_address: `${host.address}:${PORTS.postgres}`,
      data_dir: dataDir,
      bin_dir: PG_BIN_DIR,
      pgpass,
      authentication: { superuser: { username: 'postgres' }, replication: { username: REPLICATION_USER } },
      // The three servers share one file system: each its own socket directory (the default,
      // /var/run/postgresql, would be one lock file for all three on port 5432).
      parameters: { unix_socket_directories: socketDir },
      pg_hba: [
        'local all all peer',
        // A standby's Patroni asks its own server over the replication protocol on localhost too.
        `host replication ${REPLICATION_USER} ${SUBNET} scram-sha-256`,
        `host replication ${REPLICATION_USER} 127.0.0.1/32 scram-sha-256`,
        `host all all ${SUBNET} scram-sha-256`,
        'host all all 127.0.0.1/32 scram-sha-256',
      ],
    },
    // INFO: when it named a synchronous standby, took or lost the leader key (what a fault's
    // timing is read from). Its output goes to var/cluster/<host>/logs/patroni.log, not the terminal
    // (a "no action" line every loop there).
    log: { level: 'INFO' },
    tags: { nofailover: false, noloadbalance: false, clonefrom: false, nosync: false },
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}
