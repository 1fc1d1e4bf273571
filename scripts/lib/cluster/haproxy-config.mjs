// A host's HAProxy in `npm run cluster`: the PostgreSQL primary on one port (each server checked
// with Patroni's REST API, which answers 200 to GET or OPTIONS /primary on the leader only) and the three
// gateways behind one HTTP port (checked with their liveness probe).
import { PORTS } from './topology.mjs';

/**
 * @param {{ host: { address: string }, hosts: Array<{ name: string, address: string }> }} options
 * @returns {string}
 */
export function haproxyConfig({ host, hosts }) {
  const servers = (port, check) => hosts.map((h) => `  server ${h.name} ${h.address}:${port} ${check}`);
  return [
    'global',
    '  maxconn 2000',
    '',
    'defaults',
    // A server that does not take the connection within 1 s (its host cut off) is given up and
    // the request is sent to another (redispatch): nothing was sent to the first, so it is safe.
    '  timeout connect 1s',
    '  retries 2',
    '  option redispatch 1',
    '  timeout check 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    // The live updates (server-sent events) stay open.
    '  timeout tunnel 1h',
    '',
    'listen postgres_primary',
    `  bind ${host.address}:${PORTS.primary}`,
    '  mode tcp',
    // A connection's queries can last as long as a transaction; a promotion closes them (below).
    '  timeout client 30m',
    '  timeout server 30m',
    // OPTIONS: the status without a body, which HAProxy would cut off unread (Patroni logs each such reset).
    '  option httpchk OPTIONS /primary',
    '  http-check expect status 200',
    // Checked every second; once the old primary is marked down its sessions are cut, so no
    // client keeps writing to a server that is no longer the primary.
    '  default-server inter 1s fall 2 rise 1 on-marked-down shutdown-sessions',
    ...servers(PORTS.postgres, `check port ${PORTS.patroniApi}`),
    '',
    'frontend http',
    `  bind ${host.address}:${PORTS.http}`,
    '  mode http',
    '  option forwardfor',
    '  default_backend gateways',
    '',
    'backend gateways',
    '  mode http',
    '  balance roundrobin',
    // Live, not ready: readiness fails on every gateway at once while Redis or NATS fails over
    // (they share them), which would leave none; a host that is down or cut off fails this check too.
    '  option httpchk GET /api/health/live',
    '  http-check expect status 200',
    '  default-server inter 1s fall 2 rise 1',
    ...servers(PORTS.gateway, 'check'),
    '',
    'listen stats',
    `  bind ${host.address}:${PORTS.haproxyStats}`,
    '  mode http',
    '  stats enable',
    '  stats uri /',
    '',
  ].join('\n');
}
