import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/** Node's refusals, before any request exists (no route, no hook), in the API's words. */
const REFUSALS: Record<string, [status: number, message: string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request headers are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive'],
};

/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers over Node's 16 KB, a
 * request that never finished arriving, bytes that are not HTTP) in the API's error format
 * `{statusCode, message}` rather than Fastify's `{error, message, statusCode}`. Written straight
 * to the socket, as Fastify's own handler does: there is no reply object yet, so the headers
 * that matter for a JSON error (type, nosniff, no caching) are written here.
 */
export function clientErrors(error: NodeJS.ErrnoException, socket: Socket): void {
  // A connection reset: nothing to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [statusCode, message] = REFUSALS[error.code ?? ''] ?? [400, 'Bad request'];
  const body = JSON.stringify({ statusCode, message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        'X-Content-Type-Options: nosniff\r\n' +
        'Cache-Control: no-store\r\n' +
        'Connection: close\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
