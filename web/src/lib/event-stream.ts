/*
 * A reader of server-sent events over fetch, for the live boards (GET /api/admin/stream and
 * GET /api/drivers/current/stream).
 *
 * Why not EventSource: it cannot send an Authorization header, and the admin's stream is
 * authorised by the admin's Basic credential (the driver's goes by cookie, which EventSource
 * could send, but one reader for both keeps reconnecting and Last-Event-ID the same). So this
 * does what EventSource does: parses `text/event-stream`, remembers the last `id:`, and after a
 * dropped connection connects again after a growing pause, sending `Last-Event-ID` so the server
 * replays what was missed.
 */

export interface StreamMessage {
  /** The `event:` field; 'message' when the server gave none. */
  event: string;
  data: string;
  /** The last `id:` seen up to this message (ids carry over, as in EventSource). */
  lastEventId: string;
}

/** Incremental parser of the `text/event-stream` format (WHATWG HTML, "Server-sent events"). */
export class EventStreamParser {
  private buffer = '';
  private data: string[] = [];
  private event = '';
  lastEventId = '';
  /** The server's `retry:` (reconnection time, ms), when it sent one. */
  retry: number | undefined;

  /** Feeds decoded text; answers the messages it completes. */
  push(text: string): StreamMessage[] {
    this.buffer += text;
    const messages: StreamMessage[] = [];
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const char = this.buffer[i];
      if (char !== '\n' && char !== '\r') continue;
      // A CR at the very end may be the first half of a CRLF: wait for the next chunk.
      if (char === '\r' && i === this.buffer.length - 1) break;
      const line = this.buffer.slice(start, i);
      if (char === '\r' && this.buffer[i + 1] === '\n') i++;
      start = i + 1;
      const message = this.line(line);
      if (message) messages.push(message);
    }
    this.buffer = this.buffer.slice(start);
    return messages;
  }

  private line(line: string): StreamMessage | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null; // a comment (keep-alive)
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.lastEventId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retry = Number(value);
    return null;
  }

  private dispatch(): StreamMessage | null {
    const event = this.event || 'message';
    const data = this.data;
    this.data = [];
    this.event = '';
    if (data.length === 0) return null;
    return { event, data: data.join('\n'), lastEventId: this.lastEventId };
  }
}

export interface LiveStreamOptions {
  url: string;
  /** Extra headers, read at each (re)connection: the admin's credential may change meanwhile. */
  headers?: () => Record<string, string>;
  onMessage: (message: StreamMessage) => void;
  /** Each time the stream is open; `reconnected` is false the first time. */
  onOpen?: (reconnected: boolean) => void;
  /** The connection dropped (or could not be made); another try follows. */
  onDrop?: () => void;
  /** The server refused the stream (401, 403) or asked not to reconnect (204): no more tries. */
  onStop?: (status: number) => void;
  /** First pause before reconnecting, doubled on each failure up to `maxDelayMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  fetch?: typeof fetch;
}

/** The pause before reconnection attempt `attempt` (0-based): doubling, capped, with some jitter. */
export function reconnectDelay(attempt: number, initialMs: number, maxMs: number, random: () => number = Math.random): number {
  const base = Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 16));
  // Up to 20% less, so many pages cut off together do not all come back in the same instant.
  return Math.round(base * (0.8 + 0.2 * random()));
}

const STOP_STATUSES = new Set([204, 401, 403]);

/**
 * Opens a live stream and keeps it open until the returned function is called. The same lines
 * EventSource would read; messages are passed on as they arrive.
 */
export function openLiveStream(options: LiveStreamOptions): () => void {
  const controller = new AbortController();
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const initial = options.initialDelayMs ?? 1000;
  const max = options.maxDelayMs ?? 30_000;
  let lastEventId = '';
  let opened = 0;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      controller.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });

  const run = async () => {
    for (let attempt = 0; !controller.signal.aborted; ) {
      let retry: number | undefined;
      try {
        const headers: Record<string, string> = { Accept: 'text/event-stream', 'X-Requested-With': 'XMLHttpRequest', ...options.headers?.() };
        if (lastEventId) headers['Last-Event-ID'] = lastEventId;
        const res = await doFetch(options.url, { headers, credentials: 'include', cache: 'no-store', signal: controller.signal });
        if (STOP_STATUSES.has(res.status)) {
          options.onStop?.(res.status);
          return;
        }
        if (!res.ok || !res.body) throw new Error(`${res.status}`);
        options.onOpen?.(opened > 0);
        opened++;
        attempt = 0;
        const parser = new EventStreamParser();
        const decoder = new TextDecoder();
        const reader = res.body.getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          for (const message of parser.push(decoder.decode(value, { stream: true }))) {
            lastEventId = message.lastEventId;
            options.onMessage(message);
          }
          lastEventId = parser.lastEventId || lastEventId;
        }
        retry = parser.retry;
      } catch {
        // Dropped or refused: try again below, unless we were closed.
      }
      if (controller.signal.aborted) return;
      options.onDrop?.();
      await wait(reconnectDelay(attempt++, retry ?? initial, max));
    }
  };
  void run();
  return () => controller.abort();
}
