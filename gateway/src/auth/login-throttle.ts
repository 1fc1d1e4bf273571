import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

export interface LoginThrottleLimits {
  /** Failures from one address before each attempt from it has to wait. */
  freePerAddress: number;
  /** Longest wait imposed on an address: a real user behind the same address waits no longer. */
  maxAddressDelaySeconds: number;
  /** Failures for one username before each attempt for it has to wait (unless the client is known). */
  freePerUser: number;
  maxUserDelaySeconds: number;
  /** Counters are forgotten this long after the last failure. */
  windowSeconds: number;
  /** How long an address that signed in successfully stays known for that username. */
  knownAddressDays: number;
}

interface Counter {
  count: number;
  last: number;
}

const hash = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

/**
 * Slows password guessing without letting anyone lock an account owner out (OWASP's
 * Authentication Cheat Sheet: exponential delays rather than lockouts; known devices and
 * addresses exempt from a username's lockout, as the big identity providers do):
 *
 * - per address: after `freePerAddress` failures, each further attempt waits 2^n seconds after
 *   the last failure, at most `maxAddressDelaySeconds` (60 s), so a burst from a shared address
 *   delays a real user there by a minute at most;
 * - per username: after `freePerUser` failures, waits grow the same way up to
 *   `maxUserDelaySeconds`, but never for a client that has signed in as that user before (its
 *   known-device cookie while it vouches, see KnownDevices, or an address it signed in from):
 *   failing on purpose for someone else's username cannot keep them out. The address's limit
 *   applies to everyone.
 *
 * Counters live in Redis, shared by the gateway replicas; usernames and addresses are hashed.
 */
export class LoginThrottle {
  /** `keyPrefix` keeps each login's counters apart in Redis (`auth` for admins, `auth:driver`). */
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly limits: LoginThrottleLimits,
  ) {}

  private addressKey = (ip: string) => `${this.keyPrefix}:fail:ip:${hash(ip)}`;
  private userKey = (username: string) => `${this.keyPrefix}:fail:user:${hash(username.toLowerCase())}`;
  private knownKey = (username: string, ip: string) => `${this.keyPrefix}:known:${hash(username.toLowerCase())}:${hash(ip)}`;

  /** Seconds this attempt must still wait (undefined: go ahead). */
  async waitFor(ip: string, username: string, knownDevice: boolean, now = Date.now()): Promise<number | undefined> {
    const [address, user, knownAddress] = await Promise.all([this.read(this.addressKey(ip)), this.read(this.userKey(username)), this.redis.exists(this.knownKey(username, ip))]);
    const waits = [this.remaining(address, this.limits.freePerAddress, this.limits.maxAddressDelaySeconds, now)];
    if (!knownDevice && !knownAddress) waits.push(this.remaining(user, this.limits.freePerUser, this.limits.maxUserDelaySeconds, now));
    const wait = Math.max(...waits);
    return wait > 0 ? wait : undefined;
  }

  /**
   * Counts this attempt and says how long it must wait (undefined: go ahead) in one step, for an
   * attempt that counts whatever its outcome (a code request sends an email). Of N attempts at
   * once each sees those before it, where waitFor then recordFailure would let the whole burst
   * through. A refused attempt is taken back from the count; its time still counts as the last.
   */
  async take(ip: string, username: string, knownDevice: boolean, now = Date.now()): Promise<number | undefined> {
    const keys = [this.addressKey(ip), this.userKey(username)];
    const multi = this.redis.multi();
    for (const key of keys) multi.hget(key, 'last').hincrby(key, 'count', 1).hset(key, 'last', now).expire(key, this.limits.windowSeconds);
    multi.exists(this.knownKey(username, ip));
    const results = (await multi.exec()) ?? [];
    const before = (at: number): Counter => ({ count: Number(results[at + 1]?.[1] ?? 1) - 1, last: Number(results[at]?.[1] ?? 0) });
    const waits = [this.remaining(before(0), this.limits.freePerAddress, this.limits.maxAddressDelaySeconds, now)];
    if (!knownDevice && results[8]?.[1] !== 1) waits.push(this.remaining(before(4), this.limits.freePerUser, this.limits.maxUserDelaySeconds, now));
    const wait = Math.max(...waits);
    if (wait <= 0) return undefined;
    await this.redis.multi().hincrby(keys[0], 'count', -1).hincrby(keys[1], 'count', -1).exec();
    return wait;
  }

  async recordFailure(ip: string, username: string, now = Date.now()): Promise<void> {
    const multi = this.redis.multi();
    for (const key of [this.addressKey(ip), this.userKey(username)]) {
      multi.hincrby(key, 'count', 1).hset(key, 'last', now).expire(key, this.limits.windowSeconds);
    }
    await multi.exec();
  }

  /** Whether this address signed in as this user before (within knownAddressDays). */
  async isKnownAddress(ip: string, username: string): Promise<boolean> {
    return (await this.redis.exists(this.knownKey(username, ip))) === 1;
  }

  /** The owner got in: their username's counter is cleared and this address becomes known for it. */
  async recordSuccess(ip: string, username: string): Promise<void> {
    await this.redis
      .multi()
      .del(this.userKey(username))
      .set(this.knownKey(username, ip), '1', 'EX', this.limits.knownAddressDays * 86_400)
      .exec();
  }

  private async read(key: string): Promise<Counter> {
    const values = await this.redis.hmget(key, 'count', 'last');
    return { count: Number(values[0] ?? 0), last: Number(values[1] ?? 0) };
  }

  /** Whole seconds left of the delay the counter has earned. */
  private remaining(counter: Counter, free: number, maxSeconds: number, now: number): number {
    if (counter.count < free) return 0;
    const delay = Math.min(2 ** (counter.count - free + 1), maxSeconds) * 1000;
    return Math.max(0, Math.ceil((counter.last + delay - now) / 1000));
  }
}
