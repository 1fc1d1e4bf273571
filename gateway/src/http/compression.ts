import compressionMiddleware from 'compression';
import type { Request, Response } from 'express';

/**
 * gzip or brotli (whichever the client prefers; brotli when it accepts both) for the web app's
 * files and JSON answers above 512 bytes. Brotli at quality 4 (the package's default) costs about
 * what gzip does. Server-Sent Events stay uncompressed: a compressed stream is held in the
 * compressor's buffer instead of reaching the browser event by event.
 */
export function compression() {
  return compressionMiddleware({
    // The web app's index.html (about 900 bytes, fetched on every visit) halves; below 512
    // bytes the encoding's own overhead eats the gain.
    threshold: 512,
    filter: (req: Request, res: Response) => {
      const type = String(res.getHeader('Content-Type') ?? '');
      if (type.startsWith('text/event-stream')) return false;
      return compressionMiddleware.filter(req, res);
    },
  });
}
