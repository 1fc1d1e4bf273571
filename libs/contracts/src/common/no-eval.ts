import { config } from 'zod';

/*
 * Import this first where the contracts run under a Content Security Policy without
 * 'unsafe-eval' (the web app: the gateway's CSP). zod compiles a fast parser for each object
 * schema with `new Function`, after probing whether eval is allowed; under the CSP the probe
 * itself is reported as a violation on every page that builds a schema. With `jitless` zod never
 * probes and parses with its interpreter: same results, a little slower, which a form does not
 * notice. The services keep the compiled parsers (they do not import this).
 */
config({ jitless: true });
