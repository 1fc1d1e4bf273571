// Node module hooks that run the TypeScript sources without a build, as jest.config.js does:
// swc compiles each .ts file (decorator metadata for Nest), `@limo/*` resolves to the packages'
// sources and a `.js` import to its `.ts`. For quick checks (`npm run lint:api`), not production.
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transform } from '@swc/core';

const root = new URL('../../', import.meta.url);
const LIBS = ['contracts', 'messaging', 'database', 'service-runtime', 'observability'];

function sourceOf(specifier) {
  const match = /^@limo\/([a-z-]+)(?:\/(.+))?$/.exec(specifier);
  if (!match || !LIBS.includes(match[1])) return undefined;
  const base = new URL(`libs/${match[1]}/src/`, root);
  const candidates = match[2] ? [`${match[2]}.ts`, `${match[2]}/index.ts`] : ['index.ts'];
  return candidates.map((c) => new URL(c, base)).find((u) => existsSync(fileURLToPath(u)))?.href;
}

export async function resolve(specifier, context, next) {
  const source = sourceOf(specifier);
  if (source) return { url: source, shortCircuit: true };
  if (specifier.startsWith('.') && specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
    const ts = new URL(specifier.replace(/\.js$/, '.ts'), context.parentURL);
    if (existsSync(fileURLToPath(ts))) return { url: ts.href, shortCircuit: true };
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (!url.endsWith('.ts')) return next(url, context);
  const { code } = await transform(await readFile(fileURLToPath(url), 'utf8'), {
    filename: fileURLToPath(url),
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  });
  return { format: 'module', source: code, shortCircuit: true };
}

