import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { driversRpc, hasControlCharacters } from '@limo/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { HttpExceptionWithHeaders } from '../http/http-exception.filter.js';
import { ServicesClient } from '../messaging/services.client.js';
import { REDIS } from '../redis/redis.module.js';
import { unlessRedisIsDown } from '../redis/redis-unavailable.js';
import { AdminBootstrap } from './admin-bootstrap.service.js';
import { CredentialCache } from './credential-cache.js';
import { KnownDevices, type KnownDevice } from './known-devices.js';
import { LoginThrottle } from './login-throttle.js';

export interface AdminPrincipal {
  kind: 'admin';
  username: string;
}

/** A verified admin, and the known-device cookie to give their browser when it had none. */
export interface AdminSignIn {
  admin: AdminPrincipal;
  newDevice?: string;
}

/** Checks admin credentials: cache, then throttle, then the drivers service's slow hash. */
@Injectable()
export class AdminAuthenticator {
  private readonly cache: CredentialCache;
  private readonly throttle: LoginThrottle;
  private readonly devices: KnownDevices;
  /** One verification in flight per credential, however many requests carry it at once. */
  private readonly inFlight = new Map<string, Promise<boolean>>();

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(REDIS) redis: Redis,
    private readonly services: ServicesClient,
    private readonly bootstrap: AdminBootstrap,
  ) {
    this.cache = new CredentialCache(config.AUTH_CACHE_TTL_MS);
    this.throttle = new LoginThrottle(redis, 'auth', {
      freePerAddress: config.AUTH_MAX_FAILURES_PER_IP,
      maxAddressDelaySeconds: 60,
      freePerUser: config.AUTH_MAX_FAILURES_PER_USER,
      maxUserDelaySeconds: config.AUTH_FAILURE_WINDOW_S,
      windowSeconds: config.AUTH_FAILURE_WINDOW_S,
      knownAddressDays: 30,
    });
    this.devices = new KnownDevices(redis, 'auth:admin');
  }

  /**
   * The admin, or null for wrong credentials; throws 429 while this attempt must wait. A client
   * that signed in as this admin before (its known-device cookie `deviceCookie`, or a known
   * address) is never kept out by other people's failures for the username (see LoginThrottle).
   */
  async authenticate(ip: string, username: string, password: string, deviceCookie?: string): Promise<AdminSignIn | null> {
    if (this.cache.has(username, password)) return { admin: { kind: 'admin', username } };
    const device = await this.guardRedis(() => this.devices.find(deviceCookie, username));
    const wait = await this.guardRedis(() => this.throttle.waitFor(ip, username, KnownDevices.vouches(device)));
    if (wait !== undefined) {
      throw new HttpExceptionWithHeaders(429, `Too many failed login attempts. Try again in ${wait} seconds.`, {
        'Retry-After': String(wait),
      });
    }
    const valid = await this.verifyOnce(username, password);
    if (valid) {
      this.cache.remember(username, password);
      const newDevice = await this.guardRedis(() => this.signedIn(ip, username, device));
      return { admin: { kind: 'admin', username }, newDevice };
    }
    await this.guardRedis(async () => {
      await this.throttle.recordFailure(ip, username);
      if (device) await this.devices.failed(device);
    });
    return null;
  }

  /** The right password: the username's failures end, and the device sent starts over, or the browser gets a new one. */
  private async signedIn(ip: string, username: string, device: KnownDevice | null): Promise<string | undefined> {
    await this.throttle.recordSuccess(ip, username);
    if (!device) return this.devices.issue(username.toLowerCase(), username);
    await this.devices.succeeded(device);
    return undefined;
  }

  private verifyOnce(username: string, password: string): Promise<boolean> {
    const id = `${username}\u0000${password}`;
    let pending = this.inFlight.get(id);
    if (!pending) {
      pending = this.verify(username, password).finally(() => this.inFlight.delete(id));
      this.inFlight.set(id, pending);
    }
    return pending;
  }

  private async verify(username: string, password: string): Promise<boolean> {
    // Right after start-up the first admin may still be on its way to the drivers service.
    await Promise.race([this.bootstrap.ready, new Promise((r) => setTimeout(r, this.config.RPC_TIMEOUT_MS).unref())]);
    // What no account can have is wrong, as any other wrong credential (and counted as one).
    if (username.length > 200 || password.length > 1024) return false;
    if (hasControlCharacters(username) || hasControlCharacters(password)) return false;
    const { valid } = await this.services.call(driversRpc.verifyAdmin, { username, password });
    return valid;
  }

  /** Without Redis the throttle cannot be enforced: refuse rather than allow unlimited guessing. */
  private guardRedis<T>(fn: () => Promise<T>): Promise<T> {
    return unlessRedisIsDown('Authentication is temporarily unavailable, please try again shortly', fn);
  }

  /** For tests: forget verified credentials. */
  clearCache(): void {
    this.cache.clear();
  }
}
