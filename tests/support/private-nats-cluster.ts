import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';
import { ServerProcess } from './server-process.js';

/** nats-servers (JetStream) of the test's own, three unless asked, routed into one cluster on 127.0.0.1. */
export interface PrivateNatsCluster {
  /** The client URLs, comma-separated (NATS_URL's form for a cluster). */
  url: string;
  /** Each server's own client URL, in order. */
  urls: string[];
  /** Each server's name (`n1`...), as JetStream names a stream's leader and replicas. */
  names: string[];
  /** Kills server i (SIGKILL) and leaves it down until `start(i)`. */
  crash(i: number): Promise<void>;
  /** Starts server i again on its port and store. */
  start(i: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startPrivateNatsCluster({ servers: size = 3 } = {}): Promise<PrivateNatsCluster> {
  const dir = await mkdtemp(join(tmpdir(), 'limo-nats-cluster-'));
  const names = Array.from({ length: size }, (_, i) => `n${i + 1}`);
  const clientPorts: number[] = [];
  const routePorts: number[] = [];
  for (const _ of names) {
    clientPorts.push(await freePort());
    routePorts.push(await freePort());
  }
  const servers = await Promise.all(
    names.map(async (name, i) => {
      const file = join(dir, `${name}.conf`);
      await writeFile(
        file,
        [
          `server_name: ${name}`,
          `listen: 127.0.0.1:${clientPorts[i]}`,
          `jetstream { store_dir: "${join(dir, name)}" }`,
          `cluster { name: limo-test, listen: 127.0.0.1:${routePorts[i]}, routes: [${routePorts.map((p) => `nats-route://127.0.0.1:${p}`).join(', ')}] }`,
        ].join('\n'),
      );
      return new ServerProcess('nats-server', ['-c', file], /Server is ready/);
    }),
  );
  await Promise.all(servers.map((s) => s.start()));
  const urls = clientPorts.map((port) => `nats://127.0.0.1:${port}`);
  await waitForMetaLeader(servers);
  return {
    url: urls.join(','),
    urls,
    names,
    crash: (i) => servers[i]!.halt('SIGKILL'),
    start: (i) => servers[i]!.start(),
    async stop() {
      await Promise.all(servers.map((s) => s.halt('SIGTERM')));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** JetStream answers on a cluster once its servers elected a meta leader. */
async function waitForMetaLeader(servers: ServerProcess[]): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!servers.some((s) => /JetStream cluster new metadata leader|Self is new JetStream cluster metadata leader/.test(s.output))) {
    if (Date.now() > deadline) throw new Error(`the private NATS cluster elected no JetStream leader:\n${servers.map((s) => s.output).join('\n')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
