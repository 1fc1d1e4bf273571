import { useSyncExternalStore } from 'react';

/**
 * Figures the gateway sent from before a reporting outage (its `Figures-As-Of` header), by the
 * call that got them: the admin pages say so while any of them is on screen.
 */
export const STALE_FIGURES_HEADER = 'Figures-As-Of';

const staleSince = new Map<string, string>();
const listeners = new Set<() => void>();
/** The oldest time among the stale answers held, or null when every answer is fresh. */
let oldest: string | null = null;

/** Notes what the answer to `path` said: stale since `asOf`, or fresh (null). */
export function noteFigures(path: string, asOf: string | null): void {
  if (asOf === null ? !staleSince.has(path) : staleSince.get(path) === asOf) return;
  if (asOf === null) staleSince.delete(path);
  else staleSince.set(path, asOf);
  oldest = [...staleSince.values()].sort((a, b) => Date.parse(a) - Date.parse(b))[0] ?? null;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** When the oldest figures on screen are from, while reporting is out; null otherwise. */
export function useStaleFiguresSince(): string | null {
  return useSyncExternalStore(subscribe, () => oldest, () => null);
}
