import { createHmac, randomBytes } from 'node:crypto';

/**
 * Remembers admin credentials verified in the last `ttlMs`, so a dashboard polling every few
 * seconds costs one slow hash a minute, not one per request. Entries are keyed by an HMAC of
 * the credential under a random per-process key: memory never holds a password, a hash of it
 * that could be attacked offline, or anything usable by another process.
 */
export class CredentialCache {
  private readonly key = randomBytes(32);
  private readonly entries = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  private id(username: string, password: string): string {
    return createHmac('sha256', this.key).update(username).update('\u0000').update(password).digest('base64');
  }

  has(username: string, password: string): boolean {
    const id = this.id(username, password);
    const expires = this.entries.get(id);
    if (expires === undefined) return false;
    if (expires <= this.now()) {
      this.entries.delete(id);
      return false;
    }
    return true;
  }

  remember(username: string, password: string): void {
    if (this.ttlMs <= 0) return;
    const id = this.id(username, password);
    this.entries.delete(id);
    this.entries.set(id, this.now() + this.ttlMs);
    // Oldest first: a Map iterates in insertion order.
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  clear(): void {
    this.entries.clear();
  }
}
