import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectNats, ensureEventStream, natsAuthConfig, natsPasswordVariable, NATS_USERS, newNatsPasswordEnv, type NatsUser } from '@limo/messaging';
import { freePort } from './free-port.js';
import { ServerProcess } from './server-process.js';

export interface NatsLogin {
  user: NatsUser;
  password: string;
  /** NATS_USER and NATS_PASSWORD, as a service or the gateway reads them. */
  env: Record<'NATS_USER' | 'NATS_PASSWORD', string>;
}

/** A nats-server (JetStream) of the test's own, on a free port with its store in a temporary directory. */
export interface PrivateNats {
  url: string;
  /** Each user's login when started with `auth` (the configuration of libs/messaging/src/nats-auth.ts). */
  credentials: Record<NatsUser, NatsLogin>;
  /** Everything the server printed (permission violations among it). */
  output(): string;
  /** Stops the server (SIGKILL when `crash`) and starts it again on the same port and store: streams survive. */
  restart(options?: { crash?: boolean; downMs?: number }): Promise<void>;
  stop(): Promise<void>;
}

export interface PrivateNatsOptions {
  /** Users and permissions for this prefix (as `npm start` runs it); without: anyone may connect. */
  auth?: boolean;
  prefix?: string;
}

export async function startPrivateNats({ auth = false, prefix = 'limo' }: PrivateNatsOptions = {}): Promise<PrivateNats> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'limo-nats-'));
  // As `npm start` runs it: the configuration names the password variables, the server's environment holds them.
  const passwords = newNatsPasswordEnv();
  const credentials = Object.fromEntries(
    NATS_USERS.map((user) => {
      const password = passwords[natsPasswordVariable(user)];
      return [user, { user, password, env: { NATS_USER: user, NATS_PASSWORD: password } }];
    }),
  ) as Record<NatsUser, NatsLogin>;
  const args = ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', join(dir, 'store')];
  if (auth) {
    await writeFile(join(dir, 'nats.conf'), natsAuthConfig({ prefix }));
    args.push('-c', join(dir, 'nats.conf'));
  }
  const server = new ServerProcess('nats-server', args, /Server is ready/, passwords);
  await server.start();
  const url = `nats://127.0.0.1:${port}`;
  // As `npm start` does: only ops may make the streams, before any service looks for them.
  if (auth) {
    const nc = await connectNats(url, 'test-streams', { user: 'ops', password: credentials.ops.password });
    await ensureEventStream(nc, prefix).finally(() => nc.close());
  }
  return {
    url,
    credentials,
    output: () => server.output,
    restart: (options) => server.restart(options),
    async stop() {
      await server.halt('SIGTERM');
      await rm(dir, { recursive: true, force: true });
    },
  };
}
