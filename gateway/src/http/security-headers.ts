import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import helmet from 'helmet';

/**
 * The Content Security Policy of the web app, the API and the API docs (Swagger UI from files).
 * The built web app has no inline script or style: Vite emits files, and React sets `style`
 * props through the CSSOM, which CSP does not govern. So no 'unsafe-inline' anywhere (not even
 * style-src-attr), and no 'unsafe-eval': the web app turns zod's compiled parsers off
 * (web/src/lib/zod-without-eval.ts). tests/browser/content-security-policy.test.ts holds both to it.
 */
const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  // Image data: URIs are CSS icons (Swagger UI's among them).
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  // The hero's clips may come from a CDN (VITE_HERO_VIDEO_URLS is set at build time, unknown here).
  'media-src': ["'self'", 'https:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** HSTS for a year. Not includeSubDomains: other hosts of the operator's domain are not ours to decide. */
const HSTS_MAX_AGE_S = 365 * 24 * 3600;

function headersFor(secure: boolean, imageOrigins: string[]) {
  const directives = { ...CSP_DIRECTIVES, 'img-src': [...CSP_DIRECTIVES['img-src'], ...imageOrigins] };
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      // Upgrading sub-resource requests only makes sense on a page that came over TLS.
      directives: secure ? { ...directives, 'upgrade-insecure-requests': [] } : directives,
    },
    strictTransportSecurity: secure ? { maxAge: HSTS_MAX_AGE_S, includeSubDomains: false } : false,
    // No page of ours is ever framed (CSP frame-ancestors 'none'; this is for older browsers).
    xFrameOptions: { action: 'deny' },
    // The product never needs a Referer to leave the site, and admin paths are nobody's business.
    referrerPolicy: { policy: 'no-referrer' },
  });
}

/**
 * The web app's hashed scripts and styles: CSP, framing, referrer and the like govern documents,
 * not a script the page loads, so they are left off these (about 600 bytes a file, on the ~12
 * files of a first visit). nosniff and the resource policy are what a script response needs.
 */
function assetHeadersFor(secure: boolean) {
  return helmet({
    contentSecurityPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    strictTransportSecurity: secure ? { maxAge: HSTS_MAX_AGE_S, includeSubDomains: false } : false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
}

const isBuiltAsset = (url: string) => url.startsWith('/assets/');

/**
 * Security headers on every response (web app, API, docs; the lighter set on built assets), as
 * a Fastify onRequest hook running helmet on Node's response: Fastify's own headers are added to
 * them when it writes the head. HSTS is sent only over TLS: a plain http://localhost must not
 * teach the browser to refuse http there. Behind a proxy that ends TLS, `request.protocol` trusts
 * X-Forwarded-Proto only from the addresses TRUSTED_PROXIES allows. `imageOrigins`: other hosts
 * pages may show images from (the map tile service, MAP_TILE_URL).
 */
export function securityHeaders({ imageOrigins = [] }: { imageOrigins?: string[] } = {}) {
  const plain = headersFor(false, imageOrigins);
  const secure = headersFor(true, imageOrigins);
  const plainAsset = assetHeadersFor(false);
  const secureAsset = assetHeadersFor(true);
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const asset = isBuiltAsset(request.url);
    const headers = request.protocol === 'https' ? (asset ? secureAsset : secure) : asset ? plainAsset : plain;
    headers(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  };
}
