import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import express, { type Router } from 'express';

export const DOCS_PATH = '/api/docs';

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

/** `GET /api/docs/`: Swagger UI (from swagger-ui-dist) over /api/openapi.json. Mount at DOCS_PATH. */
export function swaggerUi(): Router {
  const dir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const router = express.Router({ strict: true });
  router.get('/', (req, res) => {
    // The page's links are relative, so it must be served at /api/docs/, with the slash.
    if (!req.originalUrl.split('?')[0].endsWith('/')) return res.redirect(301, `${DOCS_PATH}/`);
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(INDEX_HTML);
  });
  router.get('/swagger-initializer.js', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('js').send(INITIALIZER_JS);
  });
  router.get('/:file', (req, res, next) => {
    if (!SWAGGER_FILES.has(req.params.file)) return next();
    res.sendFile(join(dir, req.params.file), { maxAge: '1h' });
  });
  return router;
}
