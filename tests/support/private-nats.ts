import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectNats, ensureEventStream, natsAuthConfig, natsKeys, natsPublicKeyVariable, NATS_USERS, type NatsUser } from '@limo/messaging';
import { freePort } from './free-port.js';
import { ServerProcess } from './server-process.js';

export interface NatsLogin {
  user: NatsUser;
  /** Its nkey seed (the secret), which only its own process gets. */
  seed: string;
  /** Its public nkey: nats-server knows it by this (and names it so in its violations). */
  publicKey: string;
  /** NATS_USER and NATS_NKEY_SEED, as a service or the gateway reads them. */
  env: Record<'NATS_USER' | 'NATS_NKEY_SEED', string>;
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
  // As `npm start` runs it: the configuration names the public-key variables, the server's
  // environment holds the public keys, each process only its own seed.
  const { seeds, publicKeyEnv } = natsKeys();
  const credentials = Object.fromEntries(
    NATS_USERS.map((user) => {
      const seed = seeds[user];
      return [user, { user, seed, publicKey: publicKeyEnv[natsPublicKeyVariable(user)], env: { NATS_USER: user, NATS_NKEY_SEED: seed } }];
    }),
  ) as Record<NatsUser, NatsLogin>;
  const args = ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', join(dir, 'store')];
  if (auth) {
    await writeFile(join(dir, 'nats.conf'), natsAuthConfig({ prefix }));
    args.push('-c', join(dir, 'nats.conf'));
  }
  const server = new ServerProcess('nats-server', args, /Server is ready/, publicKeyEnv);
  await server.start();
  const url = `nats://127.0.0.1:${port}`;
  // As `npm start` does: only ops may make the streams, before any service looks for them.
  if (auth) {
    const nc = await connectNats(url, 'test-streams', { user: 'ops', seed: credentials.ops.seed });
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
