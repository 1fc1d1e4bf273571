import { Agent, request, type Dispatcher } from 'undici';
import { summarize, type Summary } from './stats.js';

export interface LoadOptions {
  label: string;
  /** Requests in flight at once. */
  concurrency: number;
  /** Stop after this many requests in total... */
  requests?: number;
  /** ...or after this long, whichever comes first. */
  durationMs?: number;
  /** Unmeasured requests first, so JIT and pools are warm. */
  warmup?: number;
  /** One operation; throw (or reject) to count an error. `i` is its sequence number. */
  op: (i: number) => Promise<unknown>;
}

/** Closed-loop load: `concurrency` workers each run `op` back to back. */
export async function runLoad(options: LoadOptions): Promise<Summary> {
  const { concurrency, op } = options;
  const total = options.requests ?? Number.POSITIVE_INFINITY;
  let next = 0;
  for (let i = 0; i < (options.warmup ?? 0); i++) await op(-1 - i).catch(() => {});
  // The measured window starts after the warm-up, however long that took.
  const deadline = performance.now() + (options.durationMs ?? 10_000);
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= total || performance.now() > deadline) return;
      const t0 = performance.now();
      try {
        await op(i);
        latencies.push(performance.now() - t0);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return summarize(options.label, latencies, errors, (performance.now() - started) / 1000);
}

/**
 * Keep-alive connections for the load: undici's own request API, several times cheaper per call
 * than fetch, so the load generator (which shares the two cores) is not what limits a series.
 */
const agent = new Agent({ connections: 128, keepAliveTimeout: 30_000 });

/**
 * An HTTP request that throws on a non-2xx answer, so the load counts it as an error. It asks
 * for compressed bodies as a browser does (the server pays for compressing) and only drains them.
 */
export async function fetchOk(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<string[]> {
  const res = await request(url, {
    method: (init.method ?? 'GET') as Dispatcher.HttpMethod,
    headers: { 'accept-encoding': 'gzip, br', ...init.headers },
    body: init.body,
    dispatcher: agent,
  });
  if (res.statusCode < 200 || res.statusCode > 299) throw new Error(`${res.statusCode} ${await res.body.text()}`);
  await res.body.dump();
  // The cookies it set (name=value), for a caller that keeps them as a browser would.
  const setCookie = res.headers['set-cookie'] ?? [];
  return (Array.isArray(setCookie) ? setCookie : [setCookie]).map((c) => c.split(';')[0]);
}
