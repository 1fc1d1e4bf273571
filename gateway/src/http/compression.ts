import { constants } from 'node:zlib';
import compressionMiddleware from 'compression';
import type { NodeMiddleware } from '@limo/observability';

/**
 * gzip or brotli (whichever the client prefers; brotli when it accepts both) for the web app's
 * files and JSON answers above 512 bytes. Brotli at quality 4 (the package's default) costs about
 * what gzip does; its window is 256 KB instead of 4 MB (larger than any file we send), which
 * halves the cost of setting up each response's encoder (about 230 → 130 µs for a booking's JSON,
 * the same bytes out). Server-Sent Events stay uncompressed: a compressed stream is held in the
 * compressor's buffer instead of reaching the browser event by event.
 *
 * API answers under 4 KB go as they are: they arrive in one round trip either way (TCP's first
 * window is about 14 KB), and compressing each one was a third of the gateway's CPU in the
 * booking bench (a booking's 2 KB answer: about 0.3 ms to save 1.3 KB). Lists and reports above
 * that are compressed; the answers kept encoded (vehicles, dashboard) are compressed once.
 */
const API_THRESHOLD = 4096;

/** On Node's request and response (it wraps the response's head, write and end). */
export function compression(): NodeMiddleware {
  const middleware = compressionMiddleware({
    // The web app's index.html (about 900 bytes, fetched on every visit) halves; below 512
    // bytes the encoding's own overhead eats the gain.
    threshold: 512,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_LGWIN]: 18 } },
    filter: (req, res) => {
      const type = String(res.getHeader('Content-Type') ?? '');
      if (type.startsWith('text/event-stream')) return false;
      if (req.url?.startsWith('/api/') && Number(res.getHeader('Content-Length') ?? Infinity) < API_THRESHOLD) return false;
      return compressionMiddleware.filter(req, res);
    },
  });
  // Typed for Express, written for Node's request and response: it reads only `url` and headers.
  return middleware as unknown as NodeMiddleware;
}
