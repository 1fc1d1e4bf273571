import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/**
 * `npm run bench [scenario...]`: runs the named scenarios (all when none is named), one after
 * the other so they do not compete for the two cores, and prints their figures.
 */
const dir = fileURLToPath(new URL('./scenarios/', import.meta.url));
const available = (await readdir(dir)).filter((f) => f.endsWith('.js')).map((f) => f.replace(/\.js$/, ''));
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const chosen = wanted.length ? wanted : available;
for (const name of chosen) {
  if (!available.includes(name)) {
    console.error(`Unknown scenario "${name}". Available: ${available.join(', ')}`);
    process.exit(2);
  }
}
console.log(`# Benchmarks (${new Date().toISOString()}, Node ${process.version})`);
for (const name of chosen) {
  const scenario = (await import(`./scenarios/${name}.js`)) as { run(): Promise<void> };
  await scenario.run();
}
process.exit(0);
