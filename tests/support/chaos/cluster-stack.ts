import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectNats, eventStreamName, natsKeys, natsSeedVariable, NATS_USERS } from '@limo/messaging';
import { everyServiceUp } from './chaos-client.js';
import type { ChaosTarget, ChaosTargetStarter } from './chaos-run.js';
import { Redis } from 'ioredis';
// @ts-ignore: a plain ES module of the scripts, without type declarations (typed where a config allows JS)
import { patroniMembers, streamReplicas } from '../../../scripts/lib/cluster/readiness.mjs';
import { CLUSTER_HOSTS, heal, killHost, losePostgresPrimary, loseRedisMaster, partition, postgresRoles, redisMaster, restartStreamLeader, switchoverTo, type ClusterHost, type PostgresRole } from './cluster-faults.js';

/**
 * `npm run chaos -- --cluster`'s target: `npm run cluster` (scripts/cluster.mjs, already built)
 * as a child process, with this run's secrets handed to it so the checks can read its database
 * and its NATS, and the faults of cluster-faults.ts. The entry is HAProxy on the first host (a
 * deployment's load balancer address); the host faults strike another host (hostToLose), so the entry stays;
 * the partition the synchronous standby's when it can (the worst case for commits).
 */
export type ClusterFault =
  | { partition: 'a host'; forMs: number }
  | { killHost: 'a host' }
  | { lose: 'postgres primary' | 'redis master' }
  | { restart: 'nats stream leader' };

const PREFIX = 'limo';
const ENTRY_PORT = 8080;
const GATEWAY_PORT = 3000;

export function threeHosts(): ChaosTargetStarter<ClusterFault> {
  return async (settings) => {
    const outbox = await mkdtemp(join(tmpdir(), 'limo-cluster-outbox-'));
    const { seeds } = natsKeys();
    const admin = { username: 'chaos-admin', password: randomBytes(18).toString('base64url') };
    const postgresPassword = randomBytes(24).toString('base64url');
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      ...settings,
      // The run's own seeds, which cluster.mjs takes instead of making new ones: the checks log in as the gateway.
      ...Object.fromEntries(NATS_USERS.map((user) => [natsSeedVariable(user), seeds[user]])),
      CLUSTER_POSTGRES_PASSWORD: postgresPassword,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      MAIL_OUTBOX_DIR: join(outbox, 'mail'),
      SMS_OUTBOX_DIR: join(outbox, 'sms'),
      NATS_PREFIX: PREFIX,
      // No demo bookings: the checks count what the run made.
      SEED_DEMO_BOOKINGS: 'false',
    };
    const lines: string[] = [];
    const child = spawn(process.execPath, ['scripts/cluster.mjs', '--no-build'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line && lines.length < 200_000) lines.push(line);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const stop = async () => {
      await stopChild(child);
      await rm(outbox, { recursive: true, force: true });
    };
    try {
      await waitForLine(child, lines, /is running at (http:\/\/\S+)/, 15 * 60_000);
    } catch (error) {
      await stop();
      throw error;
    }
    const [entry] = CLUSTER_HOSTS;
    const target: ChaosTarget<ClusterFault> = {
      description: `three hosts (${CLUSTER_HOSTS.map((h) => h.name).join(', ')}), entry HAProxy on ${entry.name}`,
      prefix: PREFIX,
      databaseUrl: `postgresql://postgres:${encodeURIComponent(postgresPassword)}@${entry.address}:5000/limo`,
      admin,
      outboxDirs: [env.MAIL_OUTBOX_DIR, env.SMS_OUTBOX_DIR],
      gateways: [`http://${entry.address}:${ENTRY_PORT}`],
      natsAsGateway: () => connectNats(CLUSTER_HOSTS.map((h) => `nats://${h.address}:4222`).join(','), 'chaos-observer', { user: 'gateway', seed: seeds.gateway }),
      inflict: (fault) => inflict(fault),
      prepare: (fault) => prepare(fault),
      restarts: () => restartsIn(lines),
      output: () => lines,
      waitHealthy: (timeoutMs = 180_000) => waitHealthy(timeoutMs),
      stop,
    };
    return target;
  };
}

const ROLE_NAMES: Record<PostgresRole, string> = { leader: 'PostgreSQL primary', sync_standby: 'synchronous standby', replica: 'asynchronous standby' };

/**
 * The host a host fault strikes, and what it held: not the entry's, and not the PostgreSQL
 * primary's, whose loss is a fault of its own with its own target (its replacement waits for the
 * leader key to expire). A partition strikes the synchronous standby's host whenever it is
 * neither, the worst case: every commit waits for that standby until Patroni names the other.
 * Otherwise, of those left, one without the Redis master if there is one.
 */
async function hostToLose(worstForCommits: boolean): Promise<{ host: ClusterHost; held: string }> {
  const roles = await postgresRoles();
  const master = await redisMaster().catch(() => undefined);
  const candidates = CLUSTER_HOSTS.slice(1).filter((h) => roles.get(h.name) !== 'leader');
  const host = (worstForCommits && candidates.find((h) => roles.get(h.name) === 'sync_standby')) || candidates.find((h) => h.name !== master?.name) || candidates[0]!;
  const role = roles.get(host.name);
  const held = [role ? ROLE_NAMES[role] : 'no PostgreSQL member', ...(host.name === master?.name ? ['Redis master'] : [])].join(', ');
  return { host, held };
}

/**
 * Before a partition: when the synchronous standby is on the entry's host (which no host fault
 * strikes), a planned switchover makes that host the primary, so the synchronous standby moves to
 * a host the partition can cut, the worst case for commits, in every run.
 */
async function prepare(fault: ClusterFault): Promise<string | null> {
  if (!('partition' in fault)) return null;
  const [entry] = CLUSTER_HOSTS;
  if ((await postgresRoles()).get(entry.name) !== 'sync_standby') return null;
  const from = await switchoverTo(entry);
  return `planned switchover of the PostgreSQL primary from ${from.name} to ${entry.name}, so that the synchronous standby is on a host the partition may cut`;
}

async function inflict(fault: ClusterFault): Promise<string> {
  if ('partition' in fault) {
    const { host, held } = await hostToLose(true);
    partition(host);
    await new Promise((r) => setTimeout(r, fault.forMs));
    heal(host);
    return `${host.name} (${held}) cut off the bridge for ${(fault.forMs / 1000).toFixed(0)} s, then back`;
  }
  if ('killHost' in fault) {
    const { host, held } = await hostToLose(false);
    return `kill -9 of all ${killHost(host)} processes of ${host.name} (${held}; started again by the supervisor)`;
  }
  if ('lose' in fault) {
    const t0 = Date.now();
    const { from, to } = fault.lose === 'postgres primary' ? await losePostgresPrimary() : await loseRedisMaster();
    const what = fault.lose === 'postgres primary' ? 'PostgreSQL primary (Patroni promoted the standby on' : 'Redis master (the Sentinels promoted the replica on';
    return `${what} ${to} after ${((Date.now() - t0) / 1000).toFixed(1)} s) lost on ${from}: frozen, then killed -9`;
  }
  const host = await restartStreamLeader(eventStreamName(PREFIX));
  return `kill -9 of the nats-server leading ${eventStreamName(PREFIX)} on ${host} (started again on its store)`;
}

/**
 * Every host's gateway answers with every service up, and the servers are whole again: a
 * Patroni leader and synchronous standby with all three members running, a Redis master with
 * both replicas, the event stream's leader with both replicas current. A next fault before that
 * would test a cluster already down a server (Patroni promotes only the synchronous standby).
 */
async function waitHealthy(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const whole = await serversWhole().catch(() => false);
    const ready = await Promise.all(CLUSTER_HOSTS.map((host) => everyServiceUp(`http://${host.address}:${GATEWAY_PORT}`)));
    if (whole && ready.every(Boolean)) return;
    if (Date.now() > deadline) throw new Error(`the cluster did not become healthy within ${timeoutMs / 1000} s (servers whole: ${whole}, gateways: ${ready.join(', ')})`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function serversWhole(): Promise<boolean> {
  const members = ((await patroniMembers(CLUSTER_HOSTS[0])) ?? (await patroniMembers(CLUSTER_HOSTS[1]))) as { role: string; state: string }[] | undefined;
  const postgres =
    members?.length === CLUSTER_HOSTS.length &&
    members.some((m) => m.role === 'leader' && m.state === 'running') &&
    members.some((m) => m.role === 'sync_standby' && ['streaming', 'running'].includes(m.state)) &&
    members.every((m) => ['running', 'streaming'].includes(m.state));
  if (!postgres) return false;
  const master = await redisMaster();
  const redis = new Redis({ host: master.address, port: 6379, lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 1000, retryStrategy: () => null });
  try {
    await redis.connect();
    if (!/connected_slaves:2/.test(await redis.info('replication'))) return false;
  } finally {
    redis.disconnect();
  }
  // Only the stream's leader knows its replicas' state: the others' reports may be minutes old.
  for (const host of CLUSTER_HOSTS) {
    const stream = (await streamReplicas(host, eventStreamName(PREFIX))) as { leader?: string; current?: number } | undefined;
    if (stream?.leader === host.name) return stream.current === CLUSTER_HOSTS.length - 1;
  }
  return false;
}

/** The supervisor's restarts, from its lines (`[limo2 booking] exited (…); restart #1 in 1.0 s`). */
function restartsIn(lines: string[]): Record<string, number> {
  const restarts: Record<string, number> = {};
  for (const line of lines) {
    const match = /^\[([^\]]+)\]\s+exited .*restart #(\d+)/.exec(line);
    if (match) restarts[match[1]!] = Math.max(restarts[match[1]!] ?? 0, Number(match[2]));
  }
  return restarts;
}

async function waitForLine(child: ChildProcess, lines: string[], pattern: RegExp, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!lines.some((l) => pattern.test(l))) {
    if (child.exitCode !== null) throw new Error(`npm run cluster exited (${child.exitCode}):\n${lines.slice(-30).join('\n')}`);
    if (Date.now() > deadline) throw new Error(`npm run cluster was not ready within ${timeoutMs / 1000} s:\n${lines.slice(-30).join('\n')}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Ctrl-C, as an operator stops it: it stops everything it started and removes the hosts. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGINT');
  });
}
