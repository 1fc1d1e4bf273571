import pg from 'pg';
import { fetchOk, runLoad } from '../lib/load.js';
import { startMonolithProcess, startStackProcess } from '../lib/stack-process.js';
import { printTable } from '../lib/stats.js';
import { sizeSetting } from '../lib/size.js';

/**
 * GET /api/vehicles through gateway -> NATS -> fleet service -> Postgres, beside the same query
 * run directly with pg at the same concurrency: the difference is what the architecture costs.
 */
export async function run(): Promise<void> {
  const concurrency = 16;
  const durationMs = sizeSetting('BENCH_DURATION_MS', 10_000, 300);
  const stack = await startStackProcess(['fleet']);
  const pool = new pg.Pool({ connectionString: stack.databaseUrl, max: concurrency, options: '-c search_path=fleet' });
  const monolith = await startMonolithProcess(stack.databaseUrl, concurrency);
  try {
    const viaGateway = await runLoad({
      label: 'GET /api/vehicles via gateway',
      concurrency,
      durationMs,
      warmup: 200,
      op: () => fetchOk(`${stack.baseUrl}/api/vehicles`),
    });
    const direct = await runLoad({
      label: 'same SELECT directly with pg',
      concurrency,
      durationMs,
      warmup: 200,
      op: () => pool.query('SELECT * FROM vehicles ORDER BY id'),
    });
    const viaMonolith = await runLoad({
      label: 'monolith (NestJS + Prisma findMany)',
      concurrency,
      durationMs,
      warmup: 200,
      op: () => fetchOk(`${monolith.baseUrl}/api/vehicles`),
    });
    printTable(`vehicles (concurrency ${concurrency}, ${durationMs / 1000} s each)`, [viaGateway, viaMonolith, direct]);
    console.log(`| figure | value | target |`);
    console.log(`|---|---:|---|`);
    console.log(`| product / raw SELECT | ${(viaGateway.throughput / direct.throughput).toFixed(2)}x | >= 0.5x |`);
    console.log(`| product / monolith | ${(viaGateway.throughput / viaMonolith.throughput).toFixed(2)}x | |`);
  } finally {
    await monolith.stop();
    await pool.end();
    await stack.stop();
  }
}
