import { spawn, type ChildProcess } from 'node:child_process';

export interface AnnouncedChild<T> {
  info: T;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Runs a bench server (the product, the monolith) in a child process, so the load generator
 * does not share an event loop with what it measures. The child prints `<TAG> <json>` once it
 * serves and stops on a 'stop' message.
 */
export async function spawnAnnounced<T>(script: string, args: string[], env: Record<string, string>, tag: string): Promise<AnnouncedChild<T>> {
  // BENCH_PROFILE_DIR: a V8 CPU profile of the child is written there when it stops; open it in
  // Chrome DevTools or speedscope.
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, script, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const info = await new Promise<T>((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split('\n').find((l) => l.startsWith(`${tag} `));
      if (line) resolve(JSON.parse(line.slice(tag.length + 1)) as T);
    });
    child.once('exit', (code) => reject(new Error(`${tag.toLowerCase()} process exited with ${code}`)));
  });
  return {
    info,
    pid: child.pid!,
    // A message, not SIGTERM: Nest's shutdown hooks re-raise SIGTERM after closing the apps,
    // which killed the child before it dropped its database.
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.send('stop');
        setTimeout(() => child.kill('SIGKILL'), 60_000).unref();
      }),
  };
}
