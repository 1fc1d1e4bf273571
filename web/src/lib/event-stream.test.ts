import { EventStreamParser, openLiveStream, reconnectDelay, type StreamMessage } from './event-stream';

describe('event stream parser', () => {
  it('reads update messages with their ids, whatever the chunks and line ends', () => {
    const text = 'id: 7\nevent: update\ndata: {"type":"a"}\n\n: keep-alive\r\nid: 8\r\nevent: update\r\ndata: {"type":"b"}\r\n\r\n';
    // Every possible cut of the text into two chunks gives the same two messages.
    for (let cut = 0; cut <= text.length; cut++) {
      const parser = new EventStreamParser();
      const messages = [...parser.push(text.slice(0, cut)), ...parser.push(text.slice(cut))];
      expect(messages).toEqual([
        { event: 'update', data: '{"type":"a"}', lastEventId: '7' },
        { event: 'update', data: '{"type":"b"}', lastEventId: '8' },
      ]);
    }
  });

  it('joins data lines, defaults the event name, keeps the last id and reads retry', () => {
    const parser = new EventStreamParser();
    const messages = parser.push('id: 3\ndata: one\ndata:two\n\nretry: 5000\ndata\n\nevent: update\n\n');
    expect(messages).toEqual([
      { event: 'message', data: 'one\ntwo', lastEventId: '3' },
      { event: 'message', data: '', lastEventId: '3' },
    ]);
    expect(parser.retry).toBe(5000);
  });

  it('dispatches nothing for a message cut off before its blank line', () => {
    const parser = new EventStreamParser();
    expect(parser.push('id: 1\ndata: half')).toEqual([]);
    expect(parser.push('\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'message', data: 'half', lastEventId: '1' }]);
  });
});

describe('reconnection delay', () => {
  it('doubles from the first pause up to the cap, with at most 20% taken off', () => {
    expect([0, 1, 2, 3, 10].map((n) => reconnectDelay(n, 1000, 30_000, () => 1))).toEqual([1000, 2000, 4000, 8000, 30_000]);
    expect(reconnectDelay(0, 1000, 30_000, () => 0)).toBe(800);
  });
});

/** A fetch answering each call with the next scripted response. */
function scriptedFetch(responses: (() => Response)[]) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, headers: init.headers as Record<string, string> });
    const next = responses.shift();
    if (!next) return new Promise<Response>(() => {}); // stays pending: no more reconnections
    return next();
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

const sse = (text: string) => () => new Response(text, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

describe('live stream connection', () => {
  it('reconnects after the stream ends, sending the last id it saw and the caller headers', async () => {
    const { fetch, calls } = scriptedFetch([sse('id: 41\nevent: update\ndata: {"type":"x"}\n\n'), sse('id: 42\nevent: update\ndata: {"type":"y"}\n\n')]);
    const messages: StreamMessage[] = [];
    const opens: boolean[] = [];
    const close = openLiveStream({
      url: '/api/admin/stream',
      headers: () => ({ Authorization: 'Basic abc' }),
      fetch,
      initialDelayMs: 1,
      onMessage: (m) => messages.push(m),
      onOpen: (reconnected) => opens.push(reconnected),
    });
    await until(() => messages.length === 2 && calls.length === 3);
    close();
    expect(messages.map((m) => m.data)).toEqual(['{"type":"x"}', '{"type":"y"}']);
    expect(opens).toEqual([false, true]);
    expect(calls[0].headers['Last-Event-ID']).toBeUndefined();
    expect(calls[0].headers.Authorization).toBe('Basic abc');
    expect(calls[0].headers.Accept).toBe('text/event-stream');
    expect(calls[1].headers['Last-Event-ID']).toBe('41');
    expect(calls[2].headers['Last-Event-ID']).toBe('42');
  });

  it('keeps trying after errors and stops for good when the server refuses the stream', async () => {
    const { fetch, calls } = scriptedFetch([
      () => new Response('down', { status: 503 }),
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => new Response('{"statusCode":401}', { status: 401 }),
      sse('data: never read\n\n'),
    ]);
    const stops: number[] = [];
    const drops: number[] = [];
    openLiveStream({ url: '/s', fetch, initialDelayMs: 1, onMessage: () => {}, onStop: (s) => stops.push(s), onDrop: () => drops.push(1) });
    await until(() => stops.length === 1);
    await new Promise((r) => setTimeout(r, 30));
    expect(stops).toEqual([401]);
    expect(drops.length).toBe(2);
    expect(calls.length).toBe(3);
  });
});
