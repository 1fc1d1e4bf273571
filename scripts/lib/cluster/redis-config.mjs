// A host's Redis and Sentinel in `npm run cluster`: the first host's Redis starts as the master,
// the others as its replicas; the three Sentinels watch it under one name and, with two of them
// agreeing it is down, promote a replica (and rewrite these files, hence one per host).
import { PORTS, REDIS_MASTER } from './topology.mjs';

/**
 * @param {{ host: { address: string }, master: { address: string }, dir: string }} options
 * @returns {string}
 */
export function redisConfig({ host, master, dir }) {
  return [
    // Only the host's own addresses in the cluster's private subnet; no password (none in `npm start` either).
    `bind ${host.address} 127.0.0.1`,
    'protected-mode no',
    `port ${PORTS.redis}`,
    `dir ${dir}`,
    'loglevel warning',
    // The queued jobs (deadlines) survive a restart of the process: appended to a file, synced every second.
    'appendonly yes',
    'appendfsync everysec',
    'save ""',
    // A master cut off from every replica for 10 s stops taking writes, which the Sentinels' new
    // master would not have: fewer writes lost to a partition (Redis's replication guide).
    'min-replicas-to-write 1',
    'min-replicas-max-lag 10',
    ...(host.address === master.address ? [] : [`replicaof ${master.address} ${PORTS.redis}`]),
    '',
  ].join('\n');
}

/**
 * @param {{ host: { address: string }, master: { address: string }, dir: string, quorum?: number }} options
 * @returns {string}
 */
export function sentinelConfig({ host, master, dir, quorum = 2 }) {
  return [
    `bind ${host.address} 127.0.0.1`,
    'protected-mode no',
    `port ${PORTS.sentinel}`,
    `dir ${dir}`,
    // Its failovers (+switch-master, +sdown) are notices: kept on the terminal.
    'loglevel notice',
    `sentinel monitor ${REDIS_MASTER} ${master.address} ${PORTS.redis} ${quorum}`,
    // Down after 5 s without an answer; a failover that stalls is retried after 15 s.
    `sentinel down-after-milliseconds ${REDIS_MASTER} 5000`,
    `sentinel failover-timeout ${REDIS_MASTER} 15000`,
    `sentinel parallel-syncs ${REDIS_MASTER} 1`,
    '',
  ].join('\n');
}
