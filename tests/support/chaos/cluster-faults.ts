import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
// @ts-ignore: a plain ES module of the scripts, without type declarations (typed where a config allows JS)
import { HOSTS, PORTS, REDIS_MASTER } from '../../../scripts/lib/cluster/topology.mjs';
// @ts-ignore: a plain ES module of the scripts, without type declarations (typed where a config allows JS)
import { patroniMembers, streamReplicas } from '../../../scripts/lib/cluster/readiness.mjs';

/**
 * The faults `npm run chaos -- --cluster` inflicts on `npm run cluster`'s three hosts (network
 * namespaces on a bridge): each found by asking the servers who leads now, then done with the
 * kernel's own tools (ip link, signals), as a failing machine or network would.
 */
export interface ClusterHost {
  name: string;
  address: string;
  veth: string;
}

export const CLUSTER_HOSTS: ClusterHost[] = HOSTS;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every process running inside a host's namespace. */
function pidsIn(host: ClusterHost): number[] {
  const out = spawnSync('ip', ['netns', 'pids', host.name], { encoding: 'utf8' });
  return out.stdout
    .split('\n')
    .map(Number)
    .filter((pid) => pid > 0);
}

/** A process's command line, or '' once it is gone. */
function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

/** The processes of a host whose command line matches. */
const processesIn = (host: ClusterHost, match: RegExp) => pidsIn(host).filter((pid) => match.test(commandLine(pid)));

function signal(pids: number[], name: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch {
      // gone already
    }
  }
}

/** The host off the bridge (a partition: it runs on but reaches no one and no one reaches it). */
export function partition(host: ClusterHost): void {
  ip(['link', 'set', host.veth, 'down']);
}

export function heal(host: ClusterHost): void {
  ip(['link', 'set', host.veth, 'up']);
}

/** kill -9 of every process of the host (the supervisor, outside it, starts them again: the host reboots). */
export function killHost(host: ClusterHost): number {
  const pids = pidsIn(host);
  signal(pids, 'SIGKILL');
  return pids.length;
}

/** What Patroni calls each member's role: `leader`, `sync_standby`, `replica` (asynchronous). */
export type PostgresRole = 'leader' | 'sync_standby' | 'replica';

/** Each host's PostgreSQL role as the first Patroni that knows a leader reports it, by host name. */
export async function postgresRoles(): Promise<Map<string, PostgresRole>> {
  for (const host of CLUSTER_HOSTS) {
    const members = (await patroniMembers(host)) as { name: string; role: PostgresRole; host: string }[] | undefined;
    if (members?.some((m) => m.role === 'leader')) return new Map(members.map((m) => [hostAt(m.host).name, m.role]));
  }
  throw new Error('no Patroni member answers with a leader');
}

/**
 * A planned switchover (Patroni's REST API, as `patronictl switchover` asks it): the PostgreSQL
 * primary moves to `candidate`, which in synchronous mode must be the synchronous standby; then
 * waits until Patroni names it leader. Resolves with the host the primary left.
 */
export async function switchoverTo(candidate: ClusterHost, timeoutMs = 60_000): Promise<ClusterHost> {
  const from = await postgresPrimary();
  const res = await fetch(`http://${from.address}:${PORTS.patroniApi}/switchover`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ leader: from.name, candidate: candidate.name }),
    signal: AbortSignal.timeout(30_000),
  });
  if (!res.ok) throw new Error(`Patroni refused the switchover to ${candidate.name}: ${res.status} ${await res.text()}`);
  const deadline = Date.now() + timeoutMs;
  while ((await postgresPrimary().catch(() => undefined))?.name !== candidate.name) {
    if (Date.now() > deadline) throw new Error(`Patroni did not name ${candidate.name} leader within ${timeoutMs / 1000} s`);
    await sleep(500);
  }
  return from;
}

/** The host whose PostgreSQL Patroni says leads now. */
async function postgresPrimary(): Promise<ClusterHost> {
  const [name] = [...(await postgresRoles())].find(([, role]) => role === 'leader')!;
  return hostAt(name);
}

/**
 * Freezes `pids` (SIGSTOP: a machine that stopped answering) until `leader()` names another host
 * than `from`, then kills them -9 (the supervisor starts them again, as a follower): a server
 * lost, not restarted, so its replacement is promoted.
 */
async function freezeUntilReplaced(from: ClusterHost, pids: number[], leader: () => Promise<ClusterHost>, what: string, timeoutMs: number): Promise<{ from: string; to: string }> {
  signal(pids, 'SIGSTOP');
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const to = await leader().catch(() => undefined);
      if (to && to.name !== from.name) return { from: from.name, to: to.name };
      if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs / 1000} s`);
      await sleep(250);
    }
  } finally {
    signal(pids, 'SIGKILL');
    signal(pids, 'SIGCONT');
  }
}

/**
 * The PostgreSQL primary lost: its Patroni and PostgreSQL frozen until Patroni promotes another
 * member, then killed; Patroni started again rejoins as a standby (pg_rewind). Killing them at
 * once alone would not fail over: Patroni restarted within its leader key's time keeps the key
 * and restarts PostgreSQL as primary.
 */
export async function losePostgresPrimary(timeoutMs = 90_000): Promise<{ from: string; to: string }> {
  const from = await postgresPrimary();
  return freezeUntilReplaced(from, processesIn(from, /patroni|postgres/), postgresPrimary, 'Patroni promoted no standby', timeoutMs);
}

/** The Redis master's host, as the Sentinels say. */
export async function redisMaster(): Promise<ClusterHost> {
  for (const host of CLUSTER_HOSTS) {
    const sentinel = new Redis({ host: host.address, port: PORTS.sentinel, lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 1000, retryStrategy: () => null });
    try {
      await sentinel.connect();
      const [address] = (await sentinel.call('SENTINEL', 'get-master-addr-by-name', REDIS_MASTER)) as [string, string];
      return hostAt(address);
    } catch {
      // ask the next Sentinel
    } finally {
      sentinel.disconnect();
    }
  }
  throw new Error('no Sentinel answers');
}

/** The Redis master lost: frozen until the Sentinels promote a replica, then killed -9 (started again, it becomes a replica). */
export async function loseRedisMaster(timeoutMs = 60_000): Promise<{ from: string; to: string }> {
  const from = await redisMaster();
  // The server, not the Sentinel beside it (which names itself `redis-sentinel … [sentinel]`).
  const pids = processesIn(from, /redis-server/).filter((pid) => !/sentinel/.test(commandLine(pid)));
  return freezeUntilReplaced(from, pids, redisMaster, 'the Sentinels promoted no replica', timeoutMs);
}

/** kill -9 of the nats-server that leads the stream (the supervisor starts it again on its store). */
export async function restartStreamLeader(stream: string): Promise<string> {
  // The leader is the server that says it leads: another's report may be stale.
  for (const host of CLUSTER_HOSTS) {
    const info = (await streamReplicas(host, stream)) as { leader?: string } | undefined;
    if (info?.leader !== host.name) continue;
    signal(processesIn(host, /nats-server/), 'SIGKILL');
    return host.name;
  }
  throw new Error(`no NATS server says it leads ${stream}`);
}

function hostAt(address: string): ClusterHost {
  const host = CLUSTER_HOSTS.find((h) => h.address === address || h.name === address);
  if (!host) throw new Error(`${address} is no host of the cluster`);
  return host;
}

function ip(args: string[]): void {
  const result = spawnSync('ip', args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`ip ${args.join(' ')}: ${result.stderr.trim()}`);
}
