import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DRIVER_MESSAGES, driversRpc, type DriverLogin, type DriverSession } from '@limo/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { HttpExceptionWithHeaders } from '../http/http-exception.filter.js';
import { KnownDevices, type KnownDevice } from '../auth/known-devices.js';
import { LoginThrottle } from '../auth/login-throttle.js';
import { ServicesClient } from '../messaging/services.client.js';
import { REDIS } from '../redis/redis.module.js';
import { unlessRedisIsDown } from '../redis/redis-unavailable.js';
import { DriverSessionStore } from './driver-session.store.js';

const SIGN_IN_DOWN = 'Driver sign-in is temporarily unavailable, please try again shortly';

export type LoginResult = { session: DriverSession; token: string; device: string };

/** Driver sign-in: the throttle, the drivers service's password check, a new session, the browser's known device. */
@Injectable()
export class DriverLoginService {
  private readonly throttle: LoginThrottle;
  private readonly devices: KnownDevices;

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    @Inject(REDIS) redis: Redis,
    private readonly services: ServicesClient,
    private readonly sessions: DriverSessionStore,
  ) {
    this.devices = new KnownDevices(redis, 'auth:driver');
    this.throttle = new LoginThrottle(redis, 'auth:driver', {
      freePerAddress: config.AUTH_MAX_FAILURES_PER_IP,
      maxAddressDelaySeconds: 60,
      freePerUser: config.AUTH_MAX_FAILURES_PER_USER,
      maxUserDelaySeconds: config.AUTH_FAILURE_WINDOW_S,
      windowSeconds: config.AUTH_FAILURE_WINDOW_S,
      knownAddressDays: 30,
    });
  }

  async login(ip: string, { username, password }: DriverLogin, deviceCookie: string | undefined): Promise<LoginResult> {
    // Without Redis the throttle cannot be enforced: refuse rather than allow unlimited guessing.
    const device = await unlessRedisIsDown(SIGN_IN_DOWN, () => this.devices.find(deviceCookie, username));
    const wait = await unlessRedisIsDown(SIGN_IN_DOWN, () => this.throttle.waitFor(ip, username, KnownDevices.vouches(device)));
    if (wait !== undefined) {
      throw new HttpExceptionWithHeaders(429, `Too many attempts, try again in ${wait} s`, { 'Retry-After': String(wait) });
    }
    const result = await this.services.call(driversRpc.authenticate, { username, password });
    if (result.outcome === 'invalid') {
      await unlessRedisIsDown(SIGN_IN_DOWN, async () => {
        await this.throttle.recordFailure(ip, username);
        if (device) await this.devices.failed(device);
      });
      throw new HttpExceptionWithHeaders(401, DRIVER_MESSAGES.invalidCredentials, {});
    }
    // The right password: whoever this is knows it, so no failure is counted either way.
    await unlessRedisIsDown(SIGN_IN_DOWN, () => this.throttle.recordSuccess(ip, username));
    if (result.outcome === 'inactive') throw new HttpExceptionWithHeaders(403, DRIVER_MESSAGES.awaitingApproval, {});
    const driverId = result.session.driver.id;
    const token = await this.sessions.create(driverId, result.session.mustChangePassword);
    return { session: result.session, token, device: await unlessRedisIsDown(SIGN_IN_DOWN, () => this.knownFromNowOn(device, driverId, username, deviceCookie)) };
  }

  /** Ends the known devices of a driver (a password reset, a deactivation): each must sign in again to be known. */
  forgetDevices(driverId: number): Promise<void> {
    return unlessRedisIsDown(SIGN_IN_DOWN, () => this.devices.forget(String(driverId)));
  }

  /** The device cookie this browser keeps: the one it sent, its failures forgotten, or a new one. */
  private async knownFromNowOn(device: KnownDevice | null, driverId: number, username: string, cookie: string | undefined): Promise<string> {
    if (device && cookie) {
      await this.devices.succeeded(device);
      return cookie;
    }
    return this.devices.issue(String(driverId), username);
  }
}
