// `npm run bench:check`: the benchmarks must not rot. Every scenario in bench/scenarios runs end to
// end on a tiny size (BENCH_TINY=1) and must print its tables with no failed request and no
// mismatch between the product's figures and their recomputation. The figures themselves are not
// judged here (timing belongs to `npm run bench`); run by .ci/run beside `npm test`, not inside it.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { ensureDependencies } from './lib/dependencies.mjs';
import { ensureServers } from './lib/servers.mjs';
import { npx } from './lib/run.mjs';

ensureDependencies();
await ensureServers();
npx(['nx', 'run-many', '-t', 'build', '--output-style=static', ...(process.env.CI ? ['--skip-nx-cache'] : [])]);

const scenarios = readdirSync('bench/scenarios')
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.replace(/\.ts$/, ''));
const started = Date.now();
const bench = spawnSync(process.execPath, ['bench/dist/bench/run.js', ...scenarios], {
  env: { ...process.env, BENCH_TINY: '1', NODE_ENV: 'test' },
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
const output = `${bench.stdout}${bench.stderr}`;

const problems = [];
if (bench.status !== 0) problems.push(`bench exited with ${bench.status ?? bench.signal}:\n${output.slice(-4000)}`);
for (const name of scenarios) if (!new RegExp(`^## ${name}\\b`, 'm').test(output)) problems.push(`scenario ${name} printed no table`);
// Request tables: | label | requests | errors | throughput | median | p99 |: no errors anywhere.
const requestRows = output.split('\n').filter((l) => /^\| .+ \| \d+ \| \d+ \| \d+ \| [\d.]+ \| [\d.]+ \|$/.test(l));
if (requestRows.length <= 5) problems.push(`only ${requestRows.length} request rows printed`);
for (const row of requestRows) if (Number(row.split('|')[3].trim()) > 0) problems.push(`failed requests: ${row}`);
if (/MISMATCH|\| no \|$/m.test(output)) problems.push('a figure disagrees with its recomputation');

console.log(`bench check: ${scenarios.length} scenarios on a tiny size in ${((Date.now() - started) / 1000).toFixed(0)} s`);
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('bench check passed');
