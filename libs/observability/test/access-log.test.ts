import { once } from 'node:events';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { accessLog, loggerParams, pinoOptions, runWithRequestId } from '@limo/observability';

interface Line {
  level: string;
  msg: string;
  requestId?: string;
  req?: { method: string; path: string };
  res?: { statusCode: number };
  responseTime?: number;
  [key: string]: unknown;
}

/** A real HTTP server with the access log in front of a few answers, its lines kept as JSON. */
describe('access log', () => {
  const lines: Line[] = [];
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line));
        done();
      },
    });
    // As the application's logger is: pino-http's, with serializers for Node's request and response.
    const options = pinoOptions({ service: 'test', level: 'info', pretty: false, destination });
    const logger = pino({ ...options, serializers: { req: pino.stdSerializers.req, res: pino.stdSerializers.res } }, destination);
    const log = accessLog(logger, (path) => path === '/health');
    server = createServer((req, res) =>
      runWithRequestId(req.headers['x-request-id'], () =>
        log(req, res, () => {
          const path = (req.url ?? '').split('?')[0];
          if (path === '/stream') {
            res.writeHead(200, { 'Content-Type': 'text/event-stream' });
            res.write('data: hello\n\n');
            return;
          }
          res.statusCode = path === '/missing' ? 404 : path === '/broken' ? 500 : 200;
          res.end('{}');
        }),
      ),
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const lineOf = async (requestId: string): Promise<Line> => {
    for (let i = 0; i < 100; i++) {
      const found = lines.find((l) => l.requestId === requestId);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no line for ${requestId}`);
  };

  it('writes method, path without its query, status and time, with the request id, at a level by status', async () => {
    await fetch(`${base}/api/things?token=secret-token&email=a@example.com`, { headers: { 'x-request-id': 'ok-1' } });
    await fetch(`${base}/missing`, { headers: { 'x-request-id': 'missing-1' } });
    await fetch(`${base}/broken`, { method: 'POST', headers: { 'x-request-id': 'broken-1' } });

    const ok = await lineOf('ok-1');
    expect(ok).toMatchObject({ level: 'info', msg: 'request completed', service: 'test', requestId: 'ok-1' });
    expect(ok.req).toEqual({ method: 'GET', path: '/api/things' });
    expect(ok.res).toEqual({ statusCode: 200 });
    expect(typeof ok.responseTime).toBe('number');
    expect(JSON.stringify(ok)).not.toMatch(/secret-token|example\.com/);
    expect(await lineOf('missing-1')).toMatchObject({ level: 'warn', req: { path: '/missing' }, res: { statusCode: 404 } });
    expect(await lineOf('broken-1')).toMatchObject({ level: 'error', req: { method: 'POST', path: '/broken' }, res: { statusCode: 500 } });
  });

  it('leaves excluded paths out', async () => {
    await fetch(`${base}/health`, { headers: { 'x-request-id': 'health-1' } });
    await fetch(`${base}/api/after-health`, { headers: { 'x-request-id': 'after-1' } });
    await lineOf('after-1');
    expect(lines.some((l) => l.requestId === 'health-1')).toBe(false);
  });

  it('says so when the client leaves an answer that has not ended (an event stream)', async () => {
    const req = request(`${base}/stream`, { headers: { 'x-request-id': 'stream-1' } });
    req.end();
    const [res] = (await once(req, 'response')) as [import('node:http').IncomingMessage];
    await once(res, 'data');
    req.destroy();
    expect(await lineOf('stream-1')).toMatchObject({
      level: 'info',
      msg: 'request closed by the client before its answer ended',
      req: { path: '/stream' },
      res: { statusCode: 200 },
    });
  });
});

describe('per-message logging of the services', () => {
  // nestjs-pino's hook makes two child loggers for every NATS request and event, even when its
  // debug lines are not written: it is mounted only at a level that writes them.
  it('is mounted at debug and trace only', () => {
    for (const level of ['debug', 'trace'] as const) expect(loggerParams({ service: 'x', level, pretty: false }).microservice).toBeDefined();
    for (const level of ['info', 'warn', 'error'] as const) expect(loggerParams({ service: 'x', level, pretty: false }).microservice).toBeUndefined();
  });
});
