// The API documents checked with their communities' own tools: Redocly's recommended rules for
// OpenAPI, the AsyncAPI parser (with its built-in rules) for AsyncAPI. Used by `npm run lint:api`
// and by tests/architecture/api-lint.test.ts, which proves a broken document fails.
import { Parser } from '@asyncapi/parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';

/**
 * @typedef {{ severity: 'error' | 'warning', rule: string, message: string, where: string }} Problem
 */

/** Redocly's `recommended` rule set on an OpenAPI document. @returns {Promise<Problem[]>} */
export async function lintOpenApi(document) {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
  return problems.map((p) => ({
    severity: p.severity === 'error' ? 'error' : 'warning',
    rule: p.ruleId,
    message: p.message,
    where: p.location?.[0]?.pointer ?? '',
  }));
}

// @asyncapi/parser's DiagnosticSeverity: Error 0, Warn 1, Info 2, Hint 3.
const ASYNCAPI_ERROR = 0;

/** The AsyncAPI parser's verdict on an AsyncAPI document. @returns {Promise<Problem[]>} */
export async function lintAsyncApi(document) {
  const { diagnostics } = await new Parser().parse(JSON.stringify(document));
  return diagnostics
    .filter((d) => d.severity <= 1)
    .map((d) => ({
      severity: d.severity === ASYNCAPI_ERROR ? 'error' : 'warning',
      rule: String(d.code),
      message: d.message,
      where: `#/${d.path.join('/')}`,
    }));
}

/** Prints the problems under a heading; @returns the number of errors. */
export function report(name, problems) {
  const errors = problems.filter((p) => p.severity === 'error');
  for (const p of problems) console.log(`  ${p.severity === 'error' ? '✗' : '!'} ${p.rule}: ${p.message} (${p.where})`);
  console.log(`${errors.length ? '✗' : '✓'} ${name}: ${errors.length} errors, ${problems.length - errors.length} warnings`);
  return errors.length;
}
