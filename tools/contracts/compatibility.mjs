// Whether a published contract version may change the way it did: readers and writers of the
// previous release keep running beside the new one during a rollout, and events already stored
// in the stream are read again by the new consumers. Both directions must hold:
//   what the previous release wrote, the new release reads (old output ⊆ new input), and
//   what the new release writes, the previous release reads (new output ⊆ old input).
// The subset test is jsoncompat's (a JSON Schema compatibility checker made for this).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { z } from 'zod';
import { initSync, check_compat } from 'jsoncompat';

const require = createRequire(import.meta.url);
initSync({ module: readFileSync(require.resolve('jsoncompat/jsoncompat_wasm_bg.wasm')) });

/** The JSON Schema of one side of a zod schema: `input` is what a reader accepts, `output` what a writer produces. */
export function jsonSchema(schema, io) {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any', reused: 'inline', cycles: 'throw' });
}

/** Both sides of each part of a contract: an RPC's request and response, or an event's data. */
export function snapshotOf(contract) {
  const sides = (schema) => ({ input: jsonSchema(schema, 'input'), output: jsonSchema(schema, 'output') });
  return 'subject' in contract
    ? { kind: 'rpc', name: contract.subject, parts: { request: sides(contract.request), response: sides(contract.response) } }
    : { kind: 'event', name: contract.type, parts: { data: sides(contract.data) } };
}

/** True when every value valid under `a` is valid under `b`. */
function subset(a, b) {
  try {
    return check_compat(JSON.stringify(a), JSON.stringify(b), 'deserializer');
  } catch (error) {
    // A schema the checker cannot reason about is treated as a break, to be looked at by a person.
    throw new Error(`cannot compare: ${String(error).slice(0, 300)}`);
  }
}

/**
 * The problems a change from the published snapshot to the current one would cause; none when the
 * two are compatible in both directions.
 */
export function breakingChanges(published, current) {
  const problems = [];
  for (const part of Object.keys(published.parts)) {
    const before = published.parts[part];
    const after = current.parts[part];
    if (!after) {
      problems.push(`${part}: no longer described`);
      continue;
    }
    if (JSON.stringify(before) === JSON.stringify(after)) continue;
    try {
      if (!subset(before.output, after.input)) problems.push(`${part}: the new release refuses what the previous one sent (a field made required or narrowed, a value removed)`);
      if (!subset(after.output, before.input)) problems.push(`${part}: the previous release refuses what the new one sends (a field removed or widened, a new value)`);
    } catch (error) {
      problems.push(`${part}: ${error.message}`);
    }
  }
  return problems;
}
