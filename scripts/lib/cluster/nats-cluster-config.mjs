// A host's nats-server in `npm run cluster`: the users and permissions of `npm start`'s private
// NATS (libs/messaging's natsAuthConfig, passed in), plus the server's name, its addresses and a
// `cluster {}` block routing to the other two. JetStream needs server_name in a cluster; its
// streams and their consumers are then replicated across the three (NATS_STREAM_REPLICAS).
import { NATS_CLUSTER, PORTS } from './topology.mjs';

/**
 * @param {{
 *   authConfig: string,
 *   host: { name: string, address: string },
 *   hosts: Array<{ address: string }>,
 * }} options authConfig: natsAuthConfig({ prefix, storeDir }) for this host's store
 * @returns {string}
 */
export function natsClusterConfig({ authConfig, host, hosts }) {
  const routes = hosts.filter((h) => h.address !== host.address).map((h) => `nats-route://${h.address}:${PORTS.natsCluster}`);
  return [
    authConfig.trimEnd(),
    '',
    `server_name: ${JSON.stringify(host.name)}`,
    `listen: "${host.address}:${PORTS.natsClient}"`,
    // /jsz and /routez: the meta leader and the routes, for cluster.mjs and an operator.
    `http: "${host.address}:${PORTS.natsMonitor}"`,
    // A server (or client) that stops answering is dropped after 3 missed pings 2 s apart, not
    // the default 2 minutes x 2: until then a cut-off host's services keep their share of the RPCs
    // (queue groups) through a route that no longer carries anything.
    'ping_interval: "2s"',
    'ping_max: 3',
    // A route with traffic (JetStream's replication) is not pinged: to a host cut off, it was closed
    // only when a write had waited the default 10 s (seen in the fault suite: 'Slow Consumer
    // (Write Deadline)' 10 s after the cut), and requests to that host's replicas were lost until
    // then. 3 s: a client that does not read for 3 s is dropped too (and reconnects).
    'write_deadline: "3s"',
    // Routes are not authenticated: anything on the cluster's own subnet (made for it, reachable
    // only from this machine) could join. Across real hosts the block needs an authorization and TLS.
    'cluster {',
    `  name: ${JSON.stringify(NATS_CLUSTER)}`,
    `  listen: "${host.address}:${PORTS.natsCluster}"`,
    `  routes: [${routes.map((r) => JSON.stringify(r)).join(', ')}]`,
    '}',
    '',
  ].join('\n');
}
