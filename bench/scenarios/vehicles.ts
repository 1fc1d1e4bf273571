import pg from 'pg';
import { fetchOk, runLoad } from '../lib/load.js';
import { startStackProcess } from '../lib/stack-process.js';
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
    printTable(`vehicles (concurrency ${concurrency}, ${durationMs / 1000} s each)`, [viaGateway, direct]);
  } finally {
    await pool.end();
    await stack.stop();
  }
}
