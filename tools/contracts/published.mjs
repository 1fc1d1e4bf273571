// The published version of every RPC and event contract, kept in libs/contracts/published/ as
// JSON Schema. `npm run contracts:publish` records the current contracts there after checking
// that no published version changed in a way that breaks the previous release (a breaking change
// is a new version, e.g. `.v2`, published beside `.v1` until every reader has moved).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { breakingChanges, snapshotOf } from './compatibility.mjs';

export const PUBLISHED_DIR = fileURLToPath(new URL('../../libs/contracts/published/', import.meta.url));

const fileOf = (name) => join(PUBLISHED_DIR, `${name}.json`);
const text = (snapshot) => `${JSON.stringify(snapshot, null, 2)}\n`;

function readPublished(dir) {
  let names = [];
  try {
    names = readdirSync(dir).filter((f) => f.endsWith('.json'));
  } catch {
    // none published yet
  }
  return new Map(names.map((f) => [f.slice(0, -'.json'.length), JSON.parse(readFileSync(join(dir, f), 'utf8'))]));
}

/**
 * Compares the contracts with what is published: `breaking` (refused), `unpublished` (a new
 * contract or a compatible change not yet recorded) and `retired` (published, no longer in the
 * registry: a reader of the previous release may still use it).
 */
export function review(contracts, dir = PUBLISHED_DIR) {
  const published = readPublished(dir);
  const result = { breaking: [], unpublished: [], retired: [], current: new Map() };
  for (const contract of contracts) {
    const snapshot = snapshotOf(contract);
    result.current.set(snapshot.name, snapshot);
    const before = published.get(snapshot.name);
    if (!before) {
      result.unpublished.push(snapshot.name);
      continue;
    }
    if (text(before) === text(snapshot)) continue;
    const problems = breakingChanges(before, snapshot);
    if (problems.length > 0) result.breaking.push({ name: snapshot.name, problems });
    else result.unpublished.push(snapshot.name);
  }
  for (const name of published.keys()) if (!result.current.has(name)) result.retired.push(name);
  return result;
}

/** Records every current contract; refuses while any published version would break. */
export function publish(contracts, dir = PUBLISHED_DIR) {
  const result = review(contracts, dir);
  if (result.breaking.length > 0) return result;
  mkdirSync(dir, { recursive: true });
  for (const name of result.unpublished) writeFileSync(join(dir, `${name}.json`), text(result.current.get(name)));
  return result;
}

/** Forgets a retired version once no reader of it runs any more. */
export function retire(name, dir = PUBLISHED_DIR) {
  rmSync(join(dir, `${name}.json`));
}

export function describe(result) {
  const lines = [];
  for (const { name, problems } of result.breaking) {
    lines.push(`✗ ${name} changed in a way that breaks the previous release:`);
    for (const p of problems) lines.push(`    ${p}`);
    lines.push(`  Keep ${name} as it was and publish the change as a new version beside it (e.g. .v2), or make new fields optional.`);
  }
  for (const name of result.retired) lines.push(`✗ ${name} is published but no longer in the registry: keep it until no reader of it runs, then \`npm run contracts:publish -- --retire ${name}\`.`);
  return lines.join('\n');
}

export { fileOf };
