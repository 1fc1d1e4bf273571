import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { isWebPage } from '@limo/contracts/common/web-routes';

/** Paths the gateway itself answers (the API and the Prometheus metrics), never the web app. */
const isServerPath = (path: string) => path === '/api' || path.startsWith('/api/') || path === '/metrics';

/**
 * Serves the built web app: real files as they are (hashed assets cached for a year), sent as
 * the build compressed them (`.br` at brotli's best, `.gz`, see web/vite.config.ts) when the
 * browser accepts it, instead of compressing them again at a lower quality on every request; every
 * other GET outside /api gets index.html so the client router renders the page or its 404.
 * The status tells the truth: 200 for the app's pages (the list in contracts' web-routes), 404
 * for any other path, so crawlers and monitors see a missing page as missing.
 * Unknown /api paths fall through to Nest and get a 404 JSON.
 */
export function webApp(distDir: string) {
  const index = join(distDir, 'index.html');
  const precompressed = { index: false, enableBrotli: true, orderPreference: ['br', 'gzip'] };
  // Hashed file names never change content: cached for a year and never revalidated, so they
  // carry no ETag, Last-Modified or Accept-Ranges (about 110 bytes on each of a page's files).
  const assets = expressStaticGzip(join(distDir, 'assets'), {
    ...precompressed,
    serveStatic: {
      index: false,
      etag: false,
      lastModified: false,
      acceptRanges: false,
      setHeaders: (res) => res.setHeader('Cache-Control', 'public, max-age=31536000, immutable'),
    },
  });
  const files = express.Router();
  files.use('/assets', assets);
  files.use(expressStaticGzip(distDir, { ...precompressed, serveStatic: { index: false } }));
  return [
    // Not for the API: a file lookup (a stat) on every API call costs more than the call's JSON.
    (req: Request, res: Response, next: NextFunction) => (isServerPath(req.path) ? next() : files(req, res, next)),
    (req: Request, res: Response, next: NextFunction) => {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || isServerPath(req.path)) return next();
      if (!existsSync(index)) {
        res.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
        return;
      }
      res.setHeader('Cache-Control', 'no-cache');
      res.status(isWebPage(req.path) ? 200 : 404).sendFile(index);
    },
  ];
}
