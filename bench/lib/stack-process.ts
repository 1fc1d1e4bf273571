import { fileURLToPath } from 'node:url';
import type { ServiceName } from '@limo/contracts';
import { spawnAnnounced } from './child-process.js';

export interface StackInfo {
  baseUrl: string;
  databaseUrl: string;
  prefix: string;
}

export interface StackProcess extends StackInfo {
  stop(): Promise<void>;
}

/** Runs the product (gateway + chosen services) in a child process on a fresh database. */
export async function startStackProcess(services: ServiceName[], env: Record<string, string> = {}): Promise<StackProcess> {
  const script = fileURLToPath(new URL('./stack-child.js', import.meta.url));
  const child = await spawnAnnounced<StackInfo>(script, [services.join(',')], env, 'STACK');
  return { ...child.info, stop: child.stop };
}

/**
 * The comparator a team would build instead: one NestJS + Prisma process (bench/monolith), on
 * the stack's database so both write into the same tables.
 */
export async function startMonolithProcess(databaseUrl: string, poolSize: number): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const script = fileURLToPath(new URL('../monolith/monolith-child.js', import.meta.url));
  const child = await spawnAnnounced<{ baseUrl: string }>(script, [], { MONOLITH_DATABASE_URL: databaseUrl, MONOLITH_POOL_SIZE: String(poolSize) }, 'MONOLITH');
  return { baseUrl: child.info.baseUrl, stop: child.stop };
}
