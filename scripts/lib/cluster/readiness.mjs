// What `npm run cluster` waits for before the next step, asked from this machine (the root
// namespace reaches every host through the bridge): each a function that resolves with a truthy
// value once ready, or a falsy one (never throws) while not.
import { PORTS } from './topology.mjs';

async function getJson(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return res.ok ? await res.json() : undefined;
  } catch {
    return undefined;
  }
}

/** Resolves with `check()`'s first truthy value; throws naming `what` after `ms`. */
export async function waitFor(what, check, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not ready after ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The JetStream meta leader's server name, as one server's monitoring port (/jsz) sees it. */
export const natsMetaLeader = async (host) => (await getJson(`http://${host.address}:${PORTS.natsMonitor}/jsz`))?.meta_cluster?.leader;

/** A stream's replica count and leader, as a server's monitoring port (/jsz) reports them. */
export async function streamReplicas(host, stream) {
  const jsz = await getJson(`http://${host.address}:${PORTS.natsMonitor}/jsz?streams=true&config=true`);
  const detail = (jsz?.account_details ?? []).flatMap((account) => account.stream_detail ?? []).find((d) => d.name === stream);
  return detail && { count: detail.config?.num_replicas, leader: detail.cluster?.leader, current: (detail.cluster?.replicas ?? []).filter((r) => r.current).length };
}

/**
 * Every etcd member answers with the cluster's version decided. Patroni 3.0 told to keep to its
 * own host's member (etcd3.use_proxies) asks it for that version as it starts and exits on
 * `not_decided`, which a cluster says for its first second or so.
 */
export async function etcdReady(hosts) {
  const versions = await Promise.all(hosts.map((host) => getJson(`http://${host.address}:${PORTS.etcdClient}/version`)));
  return versions.every((v) => typeof v?.etcdcluster === 'string' && /^\d+\.\d+/.test(v.etcdcluster));
}

/** Patroni's members (name, role, state) as one member's REST API reports them. */
export const patroniMembers = async (host) => (await getJson(`http://${host.address}:${PORTS.patroniApi}/cluster`))?.members;

/** The Patroni cluster has a running leader and a streaming synchronous standby: its members, or undefined. */
export async function patroniReady(host) {
  const members = await patroniMembers(host);
  const leader = members?.find((m) => m.role === 'leader' && m.state === 'running');
  const sync = members?.find((m) => m.role === 'sync_standby' && ['streaming', 'running'].includes(m.state));
  return leader && sync ? members : undefined;
}

/** The gateway's whole health report (GET /api/health) is 200 at `baseUrl`. */
export async function healthy(baseUrl) {
  try {
    const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5000) });
    return res.ok;
  } catch {
    return false;
  }
}
