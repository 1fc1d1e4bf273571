import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';

/**
 * The benchmarks must not rot: every scenario in bench/scenarios runs end to end on a tiny size
 * (BENCH_TINY=1) and prints its tables with no failed request, no mismatch between the product's
 * figures and their recomputation. The figures themselves are not checked: timing belongs to
 * `npm run bench`, never to `npm test`.
 */

const scenarios = readdirSync('bench/scenarios')
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.replace(/\.ts$/, ''));

function runBench(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['bench/dist/bench/run.js', ...scenarios], {
      env: { ...process.env, BENCH_TINY: '1', NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('bench scenarios on a tiny size', () => {
  let result: { code: number | null; output: string };

  beforeAll(async () => {
    result = await runBench();
  }, 600_000);

  it('runs every scenario to the end', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(5);
    if (result.code !== 0) throw new Error(`bench exited with ${result.code}:\n${result.output.slice(-4000)}`);
    for (const name of scenarios) expect(result.output).toMatch(new RegExp(`^## ${name}\\b`, 'm'));
  });

  it('prints tables whose requests all succeeded and whose figures agree with their recomputation', () => {
    const rows = result.output.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| series') && !l.startsWith('| figure'));
    expect(rows.length).toBeGreaterThan(10);
    // Request tables: | label | requests | errors | ... : no errors anywhere.
    const errorCounts = result.output
      .split('\n')
      .filter((l) => /^\| .+ \| \d+ \| \d+ \| \d+ \| [\d.]+ \| [\d.]+ \|$/.test(l))
      .map((l) => Number(l.split('|')[3].trim()));
    expect(errorCounts.length).toBeGreaterThan(5);
    expect(errorCounts.filter((e) => e > 0)).toEqual([]);
    expect(result.output).not.toMatch(/MISMATCH|\| no \|$/m);
  });
});
