import { freePort } from './free-port.js';
import { ServerProcess } from './server-process.js';

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
  const server = new ServerProcess('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], /Ready to accept connections/);
  await server.start();
  return {
    url: `redis://127.0.0.1:${port}`,
    restart: (options) => server.restart(options),
    crash: () => server.halt('SIGKILL'),
    start: () => server.start(),
    stop: () => server.halt('SIGTERM'),
  };
}
