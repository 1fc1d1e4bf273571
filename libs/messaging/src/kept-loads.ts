export interface KeptLoadsOptions {
  /** A safety net only (a change whose notice was lost): notices normally drop what is kept at once. */
  maxAgeMs: number;
  /** Distinct keys kept at most (keys may come from clients); past it, everything is dropped. */
  maxEntries?: number;
}

/**
 * The bookkeeping both of the gateway's read caches share: loads kept by key for at most
 * `maxAgeMs`, and only while the notices that drop them can be heard (`trust`). Concurrent misses
 * of one key share a load; a failed load is not kept; while not trusted every `get` loads and
 * nothing is kept. What drops the entries (stream events, a service's announcements) is the
 * caller's: see EventDroppedCache and ChangeDroppedCache.
 */
export class KeptLoads {
  private entries = new Map<string, { value: Promise<unknown>; at: number }>();
  private trusted = false;

  constructor(private readonly options: KeptLoadsOptions) {}

  /** Whether the notices are heard now; either way what was kept is dropped (it may predate a missed one). */
  trust(trusted: boolean): void {
    this.trusted = trusted;
    this.drop();
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.trusted) return load();
    const now = Date.now();
    const kept = this.entries.get(key);
    if (kept && now - kept.at < this.options.maxAgeMs) return kept.value as Promise<T>;
    if (this.entries.size >= (this.options.maxEntries ?? 1_000)) this.drop();
    const entry = { value: load(), at: now };
    this.entries.set(key, entry);
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.value;
  }

  drop(): void {
    this.entries = new Map();
  }
}
