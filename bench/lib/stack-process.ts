import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ServiceName } from '@limo/contracts';

export interface StackInfo {
  baseUrl: string;
  databaseUrl: string;
  prefix: string;
}

export interface StackProcess extends StackInfo {
  stop(): Promise<void>;
}

/**
 * Runs the product (gateway + chosen services) in a child process on a fresh database, so the
 * load generator does not share an event loop with the server it measures.
 */
export async function startStackProcess(services: ServiceName[], env: Record<string, string> = {}): Promise<StackProcess> {
  const script = fileURLToPath(new URL('./stack-child.js', import.meta.url));
  // BENCH_PROFILE_DIR: a V8 CPU profile of the product's process (gateway and services) is
  // written there when the scenario stops it; open it in Chrome DevTools or speedscope.
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, script, services.join(',')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const info = await new Promise<StackInfo>((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split('\n').find((l) => l.startsWith('STACK '));
      if (line) resolve(JSON.parse(line.slice(6)) as StackInfo);
    });
    child.once('exit', (code) => reject(new Error(`stack process exited with ${code}`)));
  });
  return {
    ...info,
    // A message, not SIGTERM: Nest's shutdown hooks re-raise SIGTERM after closing the apps,
    // which killed the child before it dropped its database.
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send('stop');
        setTimeout(() => child.kill('SIGKILL'), 60_000).unref();
      }),
  };
}
