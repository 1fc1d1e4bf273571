// The three hosts of `npm run cluster` as network namespaces joined by a bridge (needs root).
// Deleting a namespace does not end the processes in it: `removeHosts` kills them first, so a
// run that was killed with -9 leaves nothing behind once the next run (or its Ctrl-C) cleans up.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { BRIDGE, HOSTS, SUBNET } from './topology.mjs';

function ip(args, { check = true } = {}) {
  const result = spawnSync('ip', args, { encoding: 'utf8' });
  if (check && result.status !== 0) throw new Error(`ip ${args.join(' ')}: ${result.stderr.trim()}`);
  return result;
}

const namespaceExists = (name) => existsSync(`/run/netns/${name}`);
const bridgeExists = () => ip(['link', 'show', BRIDGE.name], { check: false }).status === 0;

/** The processes running inside a namespace (by pid). */
const pidsIn = (name) =>
  ip(['netns', 'pids', name], { check: false })
    .stdout.split('\n')
    .map(Number)
    .filter((pid) => pid > 0);

const alive = (pid) => existsSync(`/proc/${pid}`);

/** Ends every process in the hosts' namespaces (SIGTERM, then SIGKILL after `graceMs`), then removes the namespaces and the bridge. */
export async function removeHosts({ graceMs = 5000 } = {}) {
  const present = HOSTS.filter((h) => namespaceExists(h.name));
  const pids = present.flatMap((h) => pidsIn(h.name));
  for (const pid of pids) signal(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (pids.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  for (const pid of pids.filter(alive)) signal(pid, 'SIGKILL');
  for (const host of present) ip(['netns', 'delete', host.name], { check: false });
  // The veths went with their namespaces' ends.
  if (bridgeExists()) ip(['link', 'delete', BRIDGE.name], { check: false });
  return { namespaces: present.length, processes: pids.length };
}

function signal(pid, name) {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

/** Whether a previous run left its namespaces or bridge behind. */
export const hostsPresent = () => HOSTS.some((h) => namespaceExists(h.name)) || bridgeExists();

/** The bridge (with the root namespace's address on it, so this machine reaches every host) and one namespace per host. */
export function createHosts() {
  const prefixLength = SUBNET.split('/')[1];
  ip(['link', 'add', BRIDGE.name, 'type', 'bridge']);
  ip(['addr', 'add', `${BRIDGE.address}/${prefixLength}`, 'dev', BRIDGE.name]);
  ip(['link', 'set', BRIDGE.name, 'up']);
  for (const host of HOSTS) {
    ip(['netns', 'add', host.name]);
    ip(['link', 'add', host.veth, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', host.name]);
    ip(['link', 'set', host.veth, 'master', BRIDGE.name, 'up']);
    ip(['-n', host.name, 'addr', 'add', `${host.address}/${prefixLength}`, 'dev', 'eth0']);
    ip(['-n', host.name, 'link', 'set', 'eth0', 'up']);
    ip(['-n', host.name, 'link', 'set', 'lo', 'up']);
  }
}

/**
 * A command run inside a host: `ip netns exec` enters the namespace and `setsid` gives it a session
 * of its own, each exec'ing the next (the pid is the command's). Out of the terminal's process
 * group, a Ctrl-C reaches cluster.mjs alone, which stops the product before the servers it drains into.
 */
export const inHost = (host, command, args) => ({ command: 'ip', args: ['netns', 'exec', host.name, 'setsid', command, ...args] });
