import { request as httpRequest, Agent } from 'node:http';

/** An answer, or why there was none (`status` 0 and the socket error's code). */
export interface Reply {
  status: number;
  error?: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  text: string;
}

/** Requests and answers of a run, by what was asked (`create`, `assign`, ...) and by status or error. */
export class RequestTally {
  readonly byAction: Record<string, Record<string, number>> = {};
  /** When each fault answer (isFaultAnswer) was asked and answered: excused only during a fault. */
  readonly faultAnswers: { action: string; outcome: string; start: number; end: number }[] = [];
  requests = 0;

  count(action: string, reply: Reply, start = Date.now(), end = Date.now()): void {
    this.requests++;
    const outcomes = (this.byAction[action] ??= {});
    const key = reply.error ?? String(reply.status);
    outcomes[key] = (outcomes[key] ?? 0) + 1;
    if (isFaultAnswer(reply)) this.faultAnswers.push({ action, outcome: key, start, end });
  }

  /** Answers and errors over every action, by status or error code. */
  byStatus(): Record<string, number> {
    const total: Record<string, number> = {};
    for (const outcomes of Object.values(this.byAction)) for (const [key, n] of Object.entries(outcomes)) total[key] = (total[key] ?? 0) + n;
    return total;
  }
}

/**
 * What a client may see while a process of the product is being killed or a server restarted:
 * the connection reset or refused, no answer in time, or the gateway's 502/503/504 for a service
 * it cannot reach. Allowed and counted; any other 5xx is a bug.
 */
export const isFaultAnswer = (reply: Reply) => reply.status === 0 || reply.status === 502 || reply.status === 503 || reply.status === 504;

/** The connection was never made: the request cannot have been seen, so sending it elsewhere is safe. */
const notSent = (reply: Reply) => reply.error === 'ECONNREFUSED';

const SERVICES = ['booking', 'drivers', 'fleet', 'reporting', 'notifications', 'customers'];

/** The gateway at `baseUrl` reports every service up (its `/api/health`). */
export async function everyServiceUp(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5000) });
    const report = (await res.json()) as { components: Record<string, { status: string }> };
    return SERVICES.every((s) => report.components[s]?.status === 'up');
  } catch {
    return false;
  }
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/**
 * HTTP to the gateway replicas, round robin (what a load balancer in front of them does); a
 * request refused at connect (that gateway is down) goes to the next one.
 */
export class ChaosClient {
  private next = 0;

  constructor(
    readonly gateways: string[],
    readonly tally: RequestTally,
    private readonly timeoutMs = 30_000,
  ) {}

  async send(action: string, method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Reply> {
    let reply: Reply | undefined;
    const start = Date.now();
    for (let tries = 0; tries < this.gateways.length * 3; tries++) {
      const base = this.gateways[this.next++ % this.gateways.length];
      reply = await sendOnce(`${base}${path}`, method, options.body, options.headers ?? {}, this.timeoutMs);
      if (!notSent(reply)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    this.tally.count(action, reply!, start, Date.now());
    return reply!;
  }
}

function sendOnce(url: string, method: string, body: unknown, headers: Record<string, string>, timeoutMs: number): Promise<Reply> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const all = { ...headers, ...(text === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)) }) };
    const req = httpRequest(url, { method, headers: all, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ status: 0, error: error.code ?? 'response-error', headers: {}, body: undefined, text: '' }));
      res.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown;
        try {
          parsed = raw ? JSON.parse(raw) : undefined;
        } catch {
          parsed = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed, text: raw });
      });
    });
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ status: 0, error: error.code ?? error.message, headers: {}, body: undefined, text: '' }));
    req.end(text);
  });
}
