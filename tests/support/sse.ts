import type { LiveUpdate } from '@limo/contracts';

export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

/**
 * A server-sent events reader for tests: connects with the given headers (Authorization, Cookie,
 * Last-Event-ID), collects events as they arrive, and can wait for one that matches.
 */
export class SseClient {
  readonly events: SseEvent[] = [];
  private readonly controller = new AbortController();
  private waiters: (() => void)[] = [];
  private done: Promise<void> | undefined;
  status = 0;
  /** The server ended the stream (a browser would reconnect, with Last-Event-ID). */
  ended = false;
  /** The response's headers (Set-Cookie among them). */
  responseHeaders = new Headers();

  constructor(
    private readonly url: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  async open(): Promise<this> {
    const res = await fetch(this.url, { headers: { Accept: 'text/event-stream', ...this.headers }, signal: this.controller.signal });
    this.status = res.status;
    this.responseHeaders = res.headers;
    if (!res.ok || !res.body) return this;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    this.done = (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) {
            this.ended = true;
            for (const wake of this.waiters.splice(0)) wake();
            return;
          }
          buffer += decoder.decode(value, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event: SseEvent = { event: 'message', data: '' };
            for (const line of block.split('\n')) {
              const [field, ...rest] = line.split(':');
              const value = rest.join(':').replace(/^ /, '');
              if (field === 'id') event.id = value;
              else if (field === 'event') event.event = value;
              else if (field === 'data') event.data += value;
            }
            this.events.push(event);
            for (const wake of this.waiters.splice(0)) wake();
          }
        }
      } catch {
        // aborted
      }
    })();
    return this;
  }

  /** The live updates received so far. */
  updates(): (LiveUpdate & { id?: string })[] {
    return this.events.filter((e) => e.event === 'update').map((e) => ({ ...(JSON.parse(e.data) as LiveUpdate), id: e.id }));
  }

  /** Waits for an update that matches, up to `timeoutMs`. */
  async waitFor(match: (u: LiveUpdate) => boolean, timeoutMs = 5000): Promise<LiveUpdate & { id?: string }> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.updates().find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching live update within ${timeoutMs} ms (got ${this.updates().map((u) => u.type).join(', ') || 'none'})`);
      await this.nextChange(left);
    }
  }

  /** Waits for an update that matches or for the server to end the stream, up to `timeoutMs`. */
  async waitForOrEnd(match: (u: LiveUpdate) => boolean, timeoutMs = 5000): Promise<'seen' | 'ended'> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.updates().some(match)) return 'seen';
      if (this.ended) return 'ended';
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`neither a matching live update nor the stream's end within ${timeoutMs} ms`);
      await this.nextChange(left);
    }
  }

  /** Resolves at the next event or the stream's end, or after `ms`. */
  private nextChange(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  async close(): Promise<void> {
    this.controller.abort();
    await this.done;
  }
}
