import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { REDIS } from '../redis/redis.module.js';
import { unlessRedisIsDown } from '../redis/redis-unavailable.js';

const SESSIONS_DOWN = 'Driver sign-in is temporarily unavailable, please try again shortly';

export interface DriverSession {
  driverId: number;
  mustChangePassword: boolean;
  createdAt: string;
}

/** Only a hash of the cookie's token is kept: a Redis dump gives no one a session. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const sessionKey = (hash: string) => `driver-session:${hash}`;
const driverKey = (driverId: number) => `driver-sessions:${driverId}`;

/**
 * Driver sessions in Redis, shared by every gateway replica: a random token in the cookie, its
 * SHA-256 as the key, the driver id as the value. The expiry slides with every use
 * (DRIVER_SESSION_HOURS); a set per driver lets a password reset or deactivation end them all.
 */
@Injectable()
export class DriverSessionStore {
  private readonly ttlSeconds: number;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    // Redis expiries are whole seconds.
    this.ttlSeconds = Math.max(1, Math.round(config.DRIVER_SESSION_HOURS * 3600));
  }

  /** A new session; returns the token for the cookie (never stored). */
  create(driverId: number, mustChangePassword: boolean): Promise<string> {
    return unlessRedisIsDown(SESSIONS_DOWN, () => this.store(driverId, mustChangePassword));
  }

  private async store(driverId: number, mustChangePassword: boolean): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const hash = hashOf(token);
    const session: DriverSession = { driverId, mustChangePassword, createdAt: new Date().toISOString() };
    const results = await this.redis
      .multi()
      .set(sessionKey(hash), JSON.stringify(session), 'EX', this.ttlSeconds)
      .sadd(driverKey(driverId), hash)
      .expire(driverKey(driverId), this.ttlSeconds)
      .exec();
    // A MULTI reports its commands' failures in its results, not by throwing.
    const failed = results?.find(([error]) => error);
    if (!results || failed) throw new Error(`session not stored: ${failed?.[0]?.message ?? 'transaction aborted'}`);
    return token;
  }

  /** The session of a token, its expiry pushed back; null when unknown, expired or revoked. */
  async touch(token: string): Promise<DriverSession | null> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
    const key = sessionKey(hashOf(token));
    const raw = await unlessRedisIsDown(SESSIONS_DOWN, () => this.redis.getex(key, 'EX', this.ttlSeconds));
    if (!raw) return null;
    let session: DriverSession;
    try {
      session = JSON.parse(raw) as DriverSession;
    } catch {
      return null;
    }
    // The driver's set of sessions slides with them: left with the expiry it got at sign-in, it
    // vanished 12 hours later under a session still in use, and a deactivation or password reset
    // then found nothing to end.
    await unlessRedisIsDown(SESSIONS_DOWN, () => this.redis.expire(driverKey(session.driverId), this.ttlSeconds));
    return session;
  }

  /** After the password change: this session no longer needs it, the driver's other sessions end. */
  async passwordChanged(token: string, driverId: number): Promise<void> {
    const keep = hashOf(token);
    await this.revokeAll(driverId, keep);
    const session = await this.touch(token);
    if (session) {
      await unlessRedisIsDown(SESSIONS_DOWN, () =>
        this.redis.set(sessionKey(keep), JSON.stringify({ ...session, mustChangePassword: false }), 'EX', this.ttlSeconds),
      );
    }
  }

  async revoke(token: string): Promise<void> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return;
    await unlessRedisIsDown(SESSIONS_DOWN, () => this.redis.del(sessionKey(hashOf(token))));
  }

  /** Ends every session of a driver (but `except`, a session hash to keep). */
  revokeAll(driverId: number, except?: string): Promise<void> {
    return unlessRedisIsDown(SESSIONS_DOWN, async () => {
      const hashes = (await this.redis.smembers(driverKey(driverId))).filter((h) => h !== except);
      const multi = this.redis.multi();
      for (const hash of hashes) multi.del(sessionKey(hash)).srem(driverKey(driverId), hash);
      await multi.exec();
    });
  }
}
