import type { FieldErrors, FieldValues } from 'react-hook-form';

/** One message per invalid field, keyed by its path: `pickupDate`, `waypoints.1`, `waypoints`. */
export type FieldMessages = Partial<Record<string, string>>;

const META_KEYS = new Set(['message', 'type', 'types', 'ref', 'root']);

/**
 * react-hook-form keeps errors nested the way values are (`waypoints[1].message`); the field
 * components want a flat lookup by path. A list-level error (`waypoints.root`, e.g. too many
 * stops) is given under the list's own path.
 */
export function fieldMessages<Values extends FieldValues>(errors: FieldErrors<Values>): FieldMessages {
  const messages: FieldMessages = {};
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== 'object') return;
    const entry = node as Record<string, unknown>;
    if (typeof entry.message === 'string' && path) messages[path] ??= entry.message;
    const root = entry.root as { message?: unknown } | undefined;
    if (root && typeof root.message === 'string' && path) messages[path] ??= root.message;
    for (const [key, child] of Object.entries(entry)) {
      if (META_KEYS.has(key)) continue;
      walk(child, path ? `${path}.${key}` : key);
    }
  };
  walk(errors, '');
  return messages;
}
