/*
 * The web app's `zod` (vite.config.ts points every `import ... from 'zod'` here, the contracts'
 * included). Under the gateway's Content Security Policy, without 'unsafe-eval', zod's probe for
 * `new Function` (it compiles a fast parser per object schema) is reported as a violation on
 * every page that builds a schema. With `jitless` it never probes and parses with its
 * interpreter: same results, a little slower, which a form does not notice. Set here, before any
 * module that imports zod builds a schema, in whichever chunk that is, so zod stays out of the
 * first download of pages that build none. The services keep the compiled parsers.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
