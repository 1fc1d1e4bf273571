import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

export interface ThrottleLimits {
  maxPerIp: number;
  maxPerUser: number;
  windowSeconds: number;
}

/**
 * Counts failed admin logins in Redis, per client address and per username, in a fixed window
 * that starts at the first failure. Shared by every gateway replica. Usernames are hashed in
 * the key so arbitrary input never becomes a long or odd key.
 */
export class FailureThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly limits: ThrottleLimits,
  ) {}

  private keys(ip: string, username: string): [string, string] {
    const user = createHash('sha256').update(username.toLowerCase()).digest('hex').slice(0, 32);
    return [`auth:fail:ip:${ip}`, `auth:fail:user:${user}`];
  }

  /** Seconds to wait when this client or username has failed too often, else undefined. */
  async blockedFor(ip: string, username: string): Promise<number | undefined> {
    const [ipKey, userKey] = this.keys(ip, username);
    const [ipCount, userCount] = (await this.redis.mget(ipKey, userKey)).map((v) => Number(v ?? 0));
    const waits: number[] = [];
    if (ipCount >= this.limits.maxPerIp) waits.push(await this.ttl(ipKey));
    if (userCount >= this.limits.maxPerUser) waits.push(await this.ttl(userKey));
    return waits.length ? Math.max(...waits) : undefined;
  }

  async recordFailure(ip: string, username: string): Promise<void> {
    const window = this.limits.windowSeconds;
    const multi = this.redis.multi();
    for (const key of this.keys(ip, username)) multi.incr(key).expire(key, window, 'NX');
    await multi.exec();
  }

  async reset(ip: string, username: string): Promise<void> {
    await this.redis.del(...this.keys(ip, username));
  }

  private async ttl(key: string): Promise<number> {
    const seconds = await this.redis.ttl(key);
    return seconds > 0 ? seconds : this.limits.windowSeconds;
  }
}
