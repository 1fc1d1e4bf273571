import { HttpException, Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { LoginThrottle } from '../auth/login-throttle.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { HttpExceptionWithHeaders } from '../http/http-exception.filter.js';
import { REDIS } from '../redis/redis.module.js';

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

  constructor(@Inject(REDIS) redis: Redis, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    const common = { maxAddressDelaySeconds: 60, maxUserDelaySeconds: config.AUTH_FAILURE_WINDOW_S, windowSeconds: config.AUTH_FAILURE_WINDOW_S, knownAddressDays: 30 };
    this.codes = new LoginThrottle(redis, 'account:code', { ...common, freePerAddress: config.ACCOUNT_CODES_PER_IP, freePerUser: config.ACCOUNT_CODES_PER_EMAIL });
    this.failures = new LoginThrottle(redis, 'account:sign-in', { ...common, freePerAddress: config.AUTH_MAX_FAILURES_PER_IP, freePerUser: config.AUTH_MAX_FAILURES_PER_USER });
  }

  /** Sends a code unless this email or address asked too often (429 with Retry-After). */
  async requestCode(ip: string, email: string, send: () => Promise<unknown>): Promise<void> {
    const wait = await this.codes.waitFor(ip, email, false);
    if (wait !== undefined) throw tooMany(wait);
    await this.codes.recordFailure(ip, email);
    await send();
  }

  /** Runs the sign-in unless slowed; a 401 counts against the email and the address. */
  async signIn<T>(ip: string, email: string, attempt: () => Promise<T>): Promise<T> {
    const wait = await this.failures.waitFor(ip, email, false);
    if (wait !== undefined) throw tooMany(wait);
    try {
      const result = await attempt();
      await Promise.all([this.failures.recordSuccess(ip, email), this.codes.recordSuccess(ip, email)]);
      return result;
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() === 401) await this.failures.recordFailure(ip, email);
      throw error;
    }
  }
}
