import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './processes.js';

/** A redis-server of the test's own, without persistence: a restart loses every key, as a crash of a cache-configured Redis does. */
export interface PrivateRedis {
  url: string;
  /** Stops the server (SIGKILL when `crash`) and starts it again on the same port, empty. */
  restart(options?: { crash?: boolean; downMs?: number }): Promise<void>;
  /** Kills the server (SIGKILL) and leaves it down until `start`. */
  crash(): Promise<void>;
  /** Starts a crashed server again on the same port, empty. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const launch = async () => {
    const proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    proc.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    const deadline = Date.now() + 10_000;
    while (!/Ready to accept connections/.test(output)) {
      if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`private redis-server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    child = proc;
  };
  const halt = async (signal: NodeJS.Signals) => {
    const proc = child;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill(signal);
    });
  };
  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    async restart({ crash = true, downMs = 0 } = {}) {
      await halt(crash ? 'SIGKILL' : 'SIGTERM');
      if (downMs) await new Promise((r) => setTimeout(r, downMs));
      await launch();
    },
    crash: () => halt('SIGKILL'),
    start: launch,
    stop: () => halt('SIGTERM'),
  };
}
