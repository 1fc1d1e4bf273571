import { createHash } from 'node:crypto';
import { HttpException, Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { LoginThrottle } from '../auth/login-throttle.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { HttpExceptionWithHeaders } from '../http/http-exception.filter.js';
import { REDIS } from '../redis/redis.module.js';

/**
 * Per email and day, from addresses that never signed in as it: codes sent, and wrong codes. The
 * delays alone restart with their 15-minute window; these bound a patient guesser to at most
 * 10 codes x 5 tries a day (a guess in 20,000 of the million codes), while the owner, from an
 * address they signed in from, is never held by them.
 */
const CODES_PER_EMAIL_PER_DAY = 10;
const WRONG_CODES_PER_EMAIL_PER_DAY = 20;
const DAY_S = 86_400;

const tooMany = (wait: number) => new HttpExceptionWithHeaders(429, `Too many attempts, try again in ${wait} s`, { 'Retry-After': String(wait) });

/**
 * Customer sign-in, slowed per email and per client address with the sign-in throttle (delays
 * that grow, never lockouts): every code request counts (each sends an email), and every wrong
 * code. The 5 tries of each code are the customers service's; this bounds how many codes, and so
 * how many guesses, anyone gets. A successful sign-in clears its email's counters and makes the
 * address known for that email, so failing on purpose for someone else's email cannot keep them out.
 */
@Injectable()
export class SignInThrottle {
  private readonly codes: LoginThrottle;
  private readonly failures: LoginThrottle;

  constructor(@Inject(REDIS) private readonly redis: Redis, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    const common = { maxAddressDelaySeconds: 60, maxUserDelaySeconds: config.AUTH_FAILURE_WINDOW_S, windowSeconds: config.AUTH_FAILURE_WINDOW_S, knownAddressDays: 30 };
    this.codes = new LoginThrottle(redis, 'account:code', { ...common, freePerAddress: config.ACCOUNT_CODES_PER_IP, freePerUser: config.ACCOUNT_CODES_PER_EMAIL });
    this.failures = new LoginThrottle(redis, 'account:sign-in', { ...common, freePerAddress: config.AUTH_MAX_FAILURES_PER_IP, freePerUser: config.AUTH_MAX_FAILURES_PER_USER });
  }

  /** Sends a code unless this email or address asked too often (429 with Retry-After). */
  async requestCode(ip: string, email: string, send: () => Promise<unknown>): Promise<void> {
    // Counted as it is checked: a burst of requests at once cannot all pass.
    const wait = await this.codes.take(ip, email, false);
    if (wait !== undefined) throw tooMany(wait);
    if (!(await this.codes.isKnownAddress(ip, email))) {
      const daily = await this.countToday('codes', email, CODES_PER_EMAIL_PER_DAY);
      if (daily !== undefined) throw tooMany(daily);
    }
    await send();
  }

  /** Runs the sign-in unless slowed; a 401 counts against the email and the address. */
  async signIn<T>(ip: string, email: string, attempt: () => Promise<T>): Promise<T> {
    const wait = await this.failures.waitFor(ip, email, false);
    if (wait !== undefined) throw tooMany(wait);
    const known = await this.codes.isKnownAddress(ip, email);
    if (!known) {
      const daily = await this.overToday('wrong', email, WRONG_CODES_PER_EMAIL_PER_DAY);
      if (daily !== undefined) throw tooMany(daily);
    }
    try {
      const result = await attempt();
      await Promise.all([this.failures.recordSuccess(ip, email), this.codes.recordSuccess(ip, email)]);
      return result;
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() === 401) {
        await this.failures.recordFailure(ip, email);
        if (!known) await this.countToday('wrong', email, Number.POSITIVE_INFINITY);
      }
      throw error;
    }
  }

  private dayKey = (what: string, email: string) => `account:day:${what}:${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 32)}`;

  /** Counts one for today (the day starts at the first count) and answers the seconds left of it when this one is over `limit`. */
  private async countToday(what: string, email: string, limit: number): Promise<number | undefined> {
    const key = this.dayKey(what, email);
    const results = (await this.redis.multi().incr(key).expire(key, DAY_S, 'NX').ttl(key).exec()) ?? [];
    const count = Number(results[0]?.[1] ?? 0);
    return count > limit ? Math.max(1, Number(results[2]?.[1] ?? DAY_S)) : undefined;
  }

  /** The seconds left of today's count when it has reached `limit`, without counting. */
  private async overToday(what: string, email: string, limit: number): Promise<number | undefined> {
    const key = this.dayKey(what, email);
    const [count, ttl] = await Promise.all([this.redis.get(key), this.redis.ttl(key)]);
    return Number(count ?? 0) >= limit ? Math.max(1, ttl) : undefined;
  }
}
