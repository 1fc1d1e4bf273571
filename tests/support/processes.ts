import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from './free-port.js';
import type { ServiceName } from '@limo/contracts';
import { PRODUCT_ENV, productNodeArgs } from '../../scripts/lib/node-args.mjs';
import { startPrivateNats, type PrivateNats } from './private-nats.js';
import { createTestEnv, type TestEnv } from './test-env.js';

/** One process of the product, started from its built entry point, with everything it printed. */
export interface ProductProcess {
  name: ServiceName | 'gateway';
  child: ChildProcess;
  /** stdout and stderr, line by line (JSON log lines unless LOG_PRETTY). */
  lines: string[];
}

export interface ProductProcesses {
  env: TestEnv;
  baseUrl: string;
  processes: ProductProcess[];
  /** The private NATS the processes use (`privateNats`), each with its own user. */
  nats?: PrivateNats;
  /** Every line printed by every process so far. */
  output(): string[];
  /** Starts one more process of a service (a replica, or a replacement for one that was killed). */
  spawn(name: ServiceName): ProductProcess;
  stop(): Promise<void>;
}

/** Each process's built entry point, relative to the repository. */
export const ENTRY: Record<ServiceName | 'gateway', string> = {
  gateway: 'gateway/dist/main.js',
  booking: 'services/booking/dist/main.js',
  drivers: 'services/drivers/dist/main.js',
  fleet: 'services/fleet/dist/main.js',
  reporting: 'services/reporting/dist/main.js',
  notifications: 'services/notifications/dist/main.js',
  customers: 'services/customers/dist/main.js',
};

/**
 * The product as an operator runs it: each service and the gateway in a process of its own,
 * from the built `dist/main.js`, on a fresh database and prefixes. For tests that look at what
 * processes print (logs) or do to each other (crashes). `npm run build` must have run.
 */
export async function startProductProcesses(options: {
  services: ServiceName[];
  env?: Record<string, string>;
  /** Run on a NATS of the test's own with authentication (as `npm start` does), not the shared one. */
  privateNats?: boolean;
  /** Node options for every process (e.g. --cpu-prof, which NODE_OPTIONS may not carry). */
  nodeArgs?: string[];
}): Promise<ProductProcesses> {
  const port = await freePort();
  const env = await createTestEnv({ PORT: String(port), ...options.env });
  const nats = options.privateNats ? await startPrivateNats({ auth: true, prefix: env.id }) : undefined;
  const processes: ProductProcess[] = [];
  const spawnOne = (name: ServiceName | 'gateway') => {
    const natsEnv = nats ? { NATS_URL: nats.url, ...nats.credentials[name].env } : {};
    const child = spawn(process.execPath, [...productNodeArgs(name), ...(options.nodeArgs ?? []), join(process.cwd(), ENTRY[name])], {
      env: { ...PRODUCT_ENV, ...process.env, ...env.vars, ...natsEnv, NODE_ENV: env.vars.NODE_ENV },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const proc: ProductProcess = { name, child, lines: [] };
    for (const stream of [child.stdout!, child.stderr!]) {
      let rest = '';
      stream.on('data', (chunk: Buffer) => {
        const parts = (rest + chunk.toString()).split('\n');
        rest = parts.pop() ?? '';
        proc.lines.push(...parts.filter(Boolean));
      });
    }
    processes.push(proc);
    return proc;
  };
  options.services.forEach(spawnOne);
  spawnOne('gateway');
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await Promise.all(
      processes.map(
        (p) =>
          new Promise<void>((resolve) => {
            if (p.child.exitCode !== null || p.child.signalCode !== null) return resolve();
            p.child.once('exit', () => resolve());
            p.child.kill('SIGTERM');
            setTimeout(() => p.child.kill('SIGKILL'), 10_000).unref();
          }),
      ),
    );
    await nats?.stop();
    await env.cleanup();
  };
  try {
    await waitForServices(baseUrl, options.services, processes);
  } catch (error) {
    await stop();
    throw error;
  }
  return { env, baseUrl, processes, nats, output: () => processes.flatMap((p) => p.lines), spawn: spawnOne, stop };
}

async function waitForServices(baseUrl: string, services: ServiceName[], processes: ProductProcess[], timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const dead = processes.find((p) => p.child.exitCode !== null);
    if (dead) throw new Error(`${dead.name} exited (${dead.child.exitCode}): ${dead.lines.slice(-5).join('\n')}`);
    try {
      const report = (await (await fetch(`${baseUrl}/api/health`)).json()) as { components: Record<string, { status: string }> };
      if (services.every((s) => report.components[s]?.status === 'up')) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the product did not become healthy within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
