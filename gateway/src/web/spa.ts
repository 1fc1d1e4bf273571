import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
 * Unknown /api paths go to Nest's not-found handler and get a 404 JSON.
 */
export async function webApp(fastify: FastifyInstance, distDir: string): Promise<void> {
  // Hashed file names never change content: cached for a year and never revalidated, so they
  // carry no ETag, Last-Modified or Accept-Ranges (about 110 bytes on each of a page's files).
  // Looked up on request (a build while the gateway runs brings new names).
  await fastify.register(fastifyStatic, {
    root: join(distDir, 'assets'),
    prefix: '/assets/',
    preCompressed: true,
    index: false,
    etag: false,
    lastModified: false,
    acceptRanges: false,
    cacheControl: false,
    setHeaders: (res) => res.setHeader('Cache-Control', 'public, max-age=31536000, immutable'),
  });
  // The few files at the top (icons, images, robots.txt): a route each, found when the gateway
  // starts, so that every other path reaches the pages' fallback below.
  await fastify.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: false,
    globIgnore: ['assets/**', 'index.html'],
    preCompressed: true,
    index: false,
    decorateReply: false,
  });
  const index = new IndexHtml(join(distDir, 'index.html'));
  fastify.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0];
      if (isServerPath(path)) return reply.callNotFound();
      const page = await index.read();
      if (!page) return reply.code(503).type('text/plain; charset=utf-8').send('The web app is not built yet: run `npm run build`.');
      reply.header('Cache-Control', 'no-cache').header('ETag', page.etag).type('text/html; charset=utf-8');
      if (!isWebPage(path)) return reply.code(404).send(page.html);
      if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
      return reply.code(200).send(page.html);
    },
  });
}

/** index.html as on disk, read again when the build replaces it; with an ETag for revisits. */
class IndexHtml {
  private kept?: { mtimeMs: number; html: Buffer; etag: string };

  constructor(private readonly path: string) {}

  async read(): Promise<{ html: Buffer; etag: string } | undefined> {
    if (!existsSync(this.path)) return undefined;
    const { mtimeMs } = await stat(this.path);
    if (this.kept?.mtimeMs !== mtimeMs) {
      const html = await readFile(this.path);
      this.kept = { mtimeMs, html, etag: `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` };
    }
    return this.kept;
  }
}
