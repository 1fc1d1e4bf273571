import { readdirSync, readFileSync } from 'node:fs';
import type { Summary } from './stats.js';

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS = 100;

interface ProcessTime {
  seconds: number;
  /** Write system calls so far (/proc/<pid>/io's syscw, all threads): each wakes a reader on these two cores. */
  writes: number;
  command: string;
}

/** CPU seconds (user + system) each process on the machine has used so far, by pid (Linux). */
function cpuTimes(): Map<number, ProcessTime> {
  const times = new Map<number, ProcessTime>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return times; // not Linux: no split printed
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0')[0];
      times.set(Number(entry), { seconds: (Number(fields[11]) + Number(fields[12])) / TICKS, writes: writesOf(entry), command });
    } catch {
      // The process ended while being read.
    }
  }
  return times;
}

/** Write system calls of a process so far; 0 when its /proc/<pid>/io is not ours to read (another user's process, unless root). */
function writesOf(pid: string): number {
  try {
    return Number(/syscw: (\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

export interface CpuSplit {
  label: string;
  /** Milliseconds of CPU per request, by process group. */
  msPerRequest: Map<string, number>;
  /** Write system calls per request, by process group. */
  writesPerRequest: Map<string, number>;
}

/**
 * Runs one measured series and says where its CPU went, per request: the product's processes by
 * name, then Postgres, nats-server, Redis and this bench process (the load generator) by their
 * commands. On two shared cores this is what a throughput ratio is made of.
 */
export async function withCpuSplit(names: Map<number, string>, run: () => Promise<Summary>, warmup = 0): Promise<{ summary: Summary; split: CpuSplit }> {
  const before = cpuTimes();
  const summary = await run();
  const after = cpuTimes();
  const requests = summary.requests + summary.errors + warmup;
  const byGroup = new Map<string, number>();
  const writesByGroup = new Map<string, number>();
  for (const [pid, { seconds, writes, command }] of after) {
    const used = seconds - (before.get(pid)?.seconds ?? 0);
    const written = writes - (before.get(pid)?.writes ?? 0);
    if (used <= 0 && written <= 0) continue;
    const group = names.get(pid) ?? groupOf(pid, command);
    byGroup.set(group, (byGroup.get(group) ?? 0) + (Math.max(used, 0) * 1000) / requests);
    writesByGroup.set(group, (writesByGroup.get(group) ?? 0) + Math.max(written, 0) / requests);
  }
  return { summary, split: { label: summary.label, msPerRequest: byGroup, writesPerRequest: writesByGroup } };
}

function groupOf(pid: number, command: string): string {
  if (pid === process.pid) return 'bench (load)';
  if (command.startsWith('postgres')) return 'postgres';
  if (command.includes('nats-server')) return 'nats-server';
  if (command.includes('redis-server')) return 'redis';
  return 'other';
}

/** Prints the CPU per request by process, then the write system calls per request by process. */
export function printCpuSplit(title: string, splits: CpuSplit[]): void {
  printSplitTable(title, splits, (s) => s.msPerRequest, 3);
  printSplitTable('Write system calls per request, by process, in the same series', splits, (s) => s.writesPerRequest, 1);
}

function printSplitTable(title: string, splits: CpuSplit[], figures: (split: CpuSplit) => Map<string, number>, digits: number): void {
  const groups = [...new Set(splits.flatMap((s) => [...figures(s).keys()]))]
    .filter((g) => g !== 'other')
    .sort((a, b) => Math.max(...splits.map((s) => figures(s).get(b) ?? 0)) - Math.max(...splits.map((s) => figures(s).get(a) ?? 0)));
  console.log(`\n## ${title}`);
  console.log(`| series | ${groups.join(' | ')} | other | total |`);
  console.log(`|---|${groups.map(() => '---:').join('|')}|---:|---:|`);
  for (const split of splits) {
    const byGroup = figures(split);
    const total = [...byGroup.values()].reduce((a, b) => a + b, 0);
    const cells = groups.map((g) => (byGroup.get(g) ?? 0).toFixed(digits));
    console.log(`| ${split.label} | ${cells.join(' | ')} | ${(byGroup.get('other') ?? 0).toFixed(digits)} | ${total.toFixed(digits)} |`);
  }
}
