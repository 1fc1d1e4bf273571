import { readFile, stat } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isWebPage } from '@limo/contracts/common/web-routes';

/** The route of every web app path (the metrics label them all `web`). */
export const WEB_APP_ROUTE = '/*';

/** Paths the gateway itself answers (the API and the Prometheus metrics), never the web app. */
const isServerPath = (path: string) => path === '/api' || path.startsWith('/api/') || path === '/metrics';

const isBuiltAsset = (path: string) => path.startsWith('/assets/');

/**
 * Serves the built web app: real files as they are (hashed assets cached for a year), sent as
 * the build compressed them (`.br` at brotli's best, `.gz`, see web/vite.config.ts) when the
 * browser accepts it, instead of compressing them again at a lower quality on every request; every
 * other GET outside /api gets index.html so the client router renders the page or its 404.
 * The status tells the truth: 200 for the app's pages (the list in contracts' web-routes), 404
 * for any other path (a missing file included), so crawlers and monitors see a missing page as
 * missing. Files are looked up on request, so a build while the gateway runs is served at once.
 * Unknown /api paths, and anything under /assets/ that is not one of the build's files there,
 * go to Nest's not-found handler and get a 404 JSON.
 */
export async function webApp(fastify: FastifyInstance, distDir: string): Promise<void> {
  // Only reply.sendFile (with its precompressed variants); the route below decides what is a file.
  await fastify.register(fastifyStatic, { root: distDir, serve: false, preCompressed: true, index: false });
  const files = new BuiltFiles(distDir);
  const index = new IndexHtml(join(distDir, 'index.html'));
  fastify.route({
    method: ['GET', 'HEAD'],
    url: WEB_APP_ROUTE,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0];
      if (isServerPath(path)) return reply.callNotFound();
      const file = await files.find(path);
      if (isBuiltAsset(path)) {
        // Only the build's own files there (not index.html by way of an escaped '..'): these
        // answers get the lighter headers of scripts and styles, no CSP, so never a page.
        if (!file?.startsWith(`assets${sep}`)) return reply.callNotFound();
        // Hashed file names never change content: cached for a year and never revalidated, so
        // they carry no ETag, Last-Modified or Accept-Ranges (about 110 bytes on each of a
        // page's files).
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        return reply.sendFile(file, { etag: false, lastModified: false, acceptRanges: false, cacheControl: false });
      }
      if (file) return reply.sendFile(file);
      const page = await index.read();
      if (!page) return reply.code(503).type('text/plain; charset=utf-8').send('The web app is not built yet: run `npm run build`.');
      // A page's ETag and 304 come from the ETag hook (etags.ts); a 404 page gets neither.
      reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
      return reply.code(isWebPage(path) ? 200 : 404).send(page);
    },
  });
}

/** The built files under the web app's folder, by URL path (never outside it, never a dotfile). */
class BuiltFiles {
  constructor(private readonly root: string) {}

  /** The file's path relative to the folder, or undefined when the URL names no file. */
  async find(urlPath: string): Promise<string | undefined> {
    let relative: string;
    try {
      relative = normalize(decodeURIComponent(urlPath)).replace(/^[/\\]+/, '');
    } catch {
      return undefined;
    }
    if (relative === '' || relative.startsWith('..') || relative.split(sep).some((part) => part.startsWith('.'))) return undefined;
    const found = await stat(join(this.root, relative)).catch(() => undefined);
    return found?.isFile() ? relative : undefined;
  }
}

/** index.html as on disk, read again when the build replaces it. */
class IndexHtml {
  private kept?: { mtimeMs: number; html: Buffer };

  constructor(private readonly path: string) {}

  async read(): Promise<Buffer | undefined> {
    const found = await stat(this.path).catch(() => undefined);
    if (!found) return undefined;
    if (this.kept?.mtimeMs !== found.mtimeMs) this.kept = { mtimeMs: found.mtimeMs, html: await readFile(this.path) };
    return this.kept.html;
  }
}
