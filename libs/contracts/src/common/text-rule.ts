import { z } from 'zod';
import { controlCharactersMessage, hasControlCharacters, hasUnpairedSurrogates, unpairedSurrogatesMessage, type TextKind } from './text.js';

export * from './text.js';

/** Every check made by `noControlCharacters`, so a walk over a schema can tell it apart. */
const TEXT_RULES = new WeakSet<object>();

/**
 * The free-text rule as a zod check: `z.string().trim().check(noControlCharacters('First name'))`.
 * Put it after `.trim()`, so outer whitespace (a pasted tab or line break) is trimmed, not refused.
 */
export function noControlCharacters(label: string, kind: TextKind = 'single-line'): z.core.$ZodCheck<string> {
  const check = z.refine<string>((value) => !hasControlCharacters(value, kind) && !hasUnpairedSurrogates(value), {
    error: (issue) => (typeof issue.input === 'string' && hasUnpairedSurrogates(issue.input) ? unpairedSurrogatesMessage(label) : controlCharactersMessage(label)),
  });
  TEXT_RULES.add(check);
  return check;
}

/**
 * One string a schema reads, and what keeps control characters out of it: the text rule, an
 * anchored pattern (a date, an id, an email: `patterns` says which), or nothing.
 */
export interface StringLeaf {
  /** `waypoints.*`, `changes.adminNotes`: the field's path, `*` for any array index. */
  path: string;
  guard: 'text-rule' | 'pattern' | 'none';
  patterns: RegExp[];
}

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/**
 * Every string leaf of a schema's input side (zod 4 introspection), so a test can require the
 * text rule on each: a new field without it fails the test instead of reaching Postgres.
 */
export function stringLeaves(schema: z.ZodType, path = '', seen = new Set<unknown>()): StringLeaf[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const walk = (inner: unknown, at = path) => stringLeaves(inner as z.ZodType, at, seen);
  switch (def.type) {
    case 'string':
      return [leafOf(def, path)];
    case 'object':
      return [
        ...Object.entries(def.shape as Record<string, unknown>).flatMap(([key, field]) => walk(field, join(path, key))),
        ...(def.catchall ? walk(def.catchall, join(path, '*')) : []),
      ];
    case 'array':
      return walk(def.element, join(path, '*'));
    case 'tuple':
      return [...(def.items as unknown[]).flatMap((item, i) => walk(item, join(path, String(i)))), ...(def.rest ? walk(def.rest, join(path, '*')) : [])];
    case 'record':
      return [...walk(def.keyType, join(path, '(key)')), ...walk(def.valueType, join(path, '*'))];
    case 'union':
      return (def.options as unknown[]).flatMap((option) => walk(option));
    case 'intersection':
      return [...walk(def.left), ...walk(def.right)];
    case 'pipe':
      return [...walk(def.in), ...walk(def.out)];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return walk(def.innerType);
    case 'lazy':
      return walk((def.getter as () => unknown)());
    default:
      // Numbers, booleans, enums, literals, transforms: nothing free-form to guard.
      return [];
  }
}

function leafOf(def: Def, path: string): StringLeaf {
  const checks = (def.checks ?? []) as { _zod: { def: { check?: string; pattern?: RegExp } } }[];
  if (checks.some((check) => TEXT_RULES.has(check))) return { path, guard: 'text-rule', patterns: [] };
  // A string format (z.email(), z.iso.datetime()) carries its pattern on the schema, .regex() on a check.
  const patterns = [def.pattern, ...checks.map((check) => check._zod.def.pattern)].filter((p): p is RegExp => p instanceof RegExp);
  const anchored = patterns.filter((p) => p.source.startsWith('^') && p.source.endsWith('$'));
  return anchored.length > 0 ? { path, guard: 'pattern', patterns: anchored } : { path, guard: 'none', patterns: [] };
}
