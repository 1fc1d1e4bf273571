import { fileURLToPath } from 'node:url';
import type { ServiceName } from '@limo/contracts';
import { startProductProcesses } from '../../tests/support/processes.js';
import { spawnAnnounced } from './child-process.js';

export interface StackInfo {
  baseUrl: string;
  databaseUrl: string;
  prefix: string;
}

export interface StackProcess extends StackInfo {
  /** The product's processes by pid: the gateway and each service by name (for CPU splits). */
  processNames: Map<number, string>;
  stop(): Promise<void>;
}

/**
 * Runs the product on a fresh database as an operator does: the gateway and each chosen service
 * in a process of its own (their built dist/main.js). `env.STACK_ENV` (JSON) holds settings for
 * the product. BENCH_ONE_PROCESS=1 runs them all in one child process instead (one event loop,
 * as the tests do), to see what the process boundaries cost.
 */
export async function startStackProcess(services: ServiceName[], env: Record<string, string> = {}): Promise<StackProcess> {
  if (process.env.BENCH_ONE_PROCESS === '1') {
    const script = fileURLToPath(new URL('./stack-child.js', import.meta.url));
    const child = await spawnAnnounced<StackInfo>(script, [services.join(',')], env, 'STACK');
    return { ...child.info, processNames: new Map([[child.pid, 'product (one process)']]), stop: child.stop };
  }
  const settings = env.STACK_ENV ? (JSON.parse(env.STACK_ENV) as Record<string, string>) : {};
  // BENCH_PROFILE_DIR: each process writes a V8 CPU profile there when it stops. BENCH_NODE_ARGS:
  // Node and V8 flags after the product's own (a later flag wins), to try a setting.
  const nodeArgs = [
    ...(process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : []),
    ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
  ];
  const product = await startProductProcesses({ services, env: settings, nodeArgs });
  const processNames = new Map(product.processes.map((p) => [p.child.pid!, p.name as string]));
  return { baseUrl: product.baseUrl, databaseUrl: product.env.databaseUrl, prefix: product.env.id, processNames, stop: product.stop };
}

/**
 * The comparator a team would build instead: one NestJS + Prisma process (bench/monolith), on
 * the stack's database so both write into the same tables.
 */
export async function startMonolithProcess(databaseUrl: string, poolSize: number): Promise<{ baseUrl: string; pid: number; stop(): Promise<void> }> {
  const script = fileURLToPath(new URL('../monolith/monolith-child.js', import.meta.url));
  const child = await spawnAnnounced<{ baseUrl: string }>(script, [], { MONOLITH_DATABASE_URL: databaseUrl, MONOLITH_POOL_SIZE: String(poolSize) }, 'MONOLITH');
  return { baseUrl: child.info.baseUrl, pid: child.pid, stop: child.stop };
}
