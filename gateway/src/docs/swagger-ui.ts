import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';

const DOCS_PATH = '/api/docs';

/** Swagger UI's own files that the page uses; its demo index.html and petstore initializer are not served. */
const SWAGGER_FILES = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png', 'favicon-16x16.png']);

// Our page and its initializer: scripts come only from files, since the CSP allows no inline script.
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Prestige Limo API</title>
    <link rel="icon" type="image/png" href="./favicon-32x32.png" />
    <link rel="stylesheet" href="./swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="./swagger-ui-bundle.js"></script>
    <script src="./swagger-initializer.js"></script>
  </body>
</html>
`;

// validatorUrl null: the default badge loads an image from validator.swagger.io, which the CSP
// refuses (and which would send our document's address to a third party).
const INITIALIZER_JS = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

const TYPES: Record<string, string> = { '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.png': 'image/png' };

/** `GET /api/docs/`: Swagger UI (from swagger-ui-dist) over /api/openapi.json. */
export function swaggerUi(fastify: FastifyInstance): void {
  const dir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  fastify.get(DOCS_PATH, (request, reply) => {
    // The page's links are relative, so it must be served at /api/docs/, with the slash.
    if (!request.url.split('?')[0].endsWith('/')) return reply.redirect(`${DOCS_PATH}/`, 301);
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(INDEX_HTML);
  });
  fastify.get(`${DOCS_PATH}/swagger-initializer.js`, (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').type('text/javascript; charset=utf-8').send(INITIALIZER_JS),
  );
  fastify.get<{ Params: { file: string } }>(`${DOCS_PATH}/:file`, (request, reply) => {
    const { file } = request.params;
    if (!SWAGGER_FILES.has(file)) return reply.callNotFound();
    return reply
      .header('Cache-Control', 'public, max-age=3600')
      .type(TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream')
      .send(createReadStream(join(dir, file)));
  });
}
