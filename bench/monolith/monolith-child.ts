import { startMonolith } from './monolith.js';

// Child side of startMonolithProcess: its own event loop, like the product's.
const monolith = await startMonolith(process.env.MONOLITH_DATABASE_URL!, Number(process.env.MONOLITH_POOL_SIZE ?? 10));
console.log(`MONOLITH ${JSON.stringify({ baseUrl: monolith.baseUrl })}`);
process.on('message', (message) => {
  if (message === 'stop') void monolith.stop().finally(() => process.exit(0));
});
