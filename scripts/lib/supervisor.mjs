// Keeps a set of child processes running, as `npm start` needs: one that exits on its own (a crash,
// kill -9, an uncaught error) is started again after a delay that doubles on each quick failure
// (0.5 s, 1 s, 2 s ... up to 10 s) and falls back to the first once it has run healthy for a
// while; the others keep running meanwhile. `stop()` ends them all (SIGTERM, then SIGKILL).
import { spawn } from 'node:child_process';

const DEFAULT_BACKOFF = { initialMs: 500, maxMs: 10_000, healthyAfterMs: 30_000 };

/** The delay before restarting a process that ran `ranMs` and last waited `previousMs` (0: never restarted). */
export function nextDelay(previousMs, ranMs, backoff = DEFAULT_BACKOFF) {
  if (!previousMs || ranMs >= backoff.healthyAfterMs) return backoff.initialMs;
  return Math.min(previousMs * 2, backoff.maxMs);
}

const describeExit = (code, signal) => (signal ? `signal ${signal}` : `exit code ${code}`);

/**
 * @param {Array<{ name: string, command: string, args: string[], env?: Record<string, string | undefined> }>} specs
 * @param {{ backoff?: typeof DEFAULT_BACKOFF, log?: (name: string, message: string) => void, output?: (name: string, line: string) => void, stopGraceMs?: number }} options
 */
export function supervise(specs, options = {}) {
  const backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
  const log = options.log ?? ((name, message) => console.error(`[${name}] ${message}`));
  const output = options.output ?? ((name, line) => console.log(`[${name}] ${line}`));
  let stopping = false;

  const states = specs.map((spec) => ({ spec, child: undefined, startedAt: 0, delayMs: 0, restarts: 0, timer: undefined }));

  const start = (state) => {
    const { spec } = state;
    const child = spawn(spec.command, spec.args, { env: spec.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    state.child = child;
    state.startedAt = Date.now();
    log(spec.name, `started (pid ${child.pid})`);
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop();
        for (const line of lines) output(spec.name, line);
      });
    }
    child.on('error', (error) => log(spec.name, `could not start: ${error.message}`));
    child.on('exit', (code, signal) => {
      state.child = undefined;
      if (stopping) return;
      state.delayMs = nextDelay(state.delayMs, Date.now() - state.startedAt, backoff);
      state.restarts++;
      log(spec.name, `exited (${describeExit(code, signal)}); restart #${state.restarts} in ${(state.delayMs / 1000).toFixed(1)} s`);
      state.timer = setTimeout(() => {
        state.timer = undefined;
        if (!stopping) start(state);
      }, state.delayMs);
    });
  };

  states.forEach(start);

  return {
    /** The running processes' ids by name (undefined while one waits to restart). */
    pids: () => Object.fromEntries(states.map((s) => [s.spec.name, s.child?.pid])),
    restarts: () => Object.fromEntries(states.map((s) => [s.spec.name, s.restarts])),
    /** Stops everything: no more restarts, SIGTERM to each, SIGKILL after `stopGraceMs`. */
    stop(signal = 'SIGTERM') {
      stopping = true;
      const graceMs = options.stopGraceMs ?? 10_000;
      return Promise.all(
        states.map((state) => {
          clearTimeout(state.timer);
          const child = state.child;
          if (!child || child.exitCode !== null || child.signalCode !== null) return undefined;
          return new Promise((resolve) => {
            const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
            child.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            child.kill(signal);
          });
        }),
      ).then(() => undefined);
    },
  };
}
