import { HttpException, Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { SELF_SERVICE_MESSAGES, type CustomerBookingKey, type ManageBookingRequest } from '@limo/contracts';
import { verifyLink } from '@limo/contracts/common/signed-link';
import { LoginThrottle } from '../auth/login-throttle.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { HttpExceptionWithHeaders } from '../http/http-exception.filter.js';
import { REDIS } from '../redis/redis.module.js';

const noMatch = () => new HttpExceptionWithHeaders(404, SELF_SERVICE_MESSAGES.noMatch, {});

/**
 * Who may see and cancel a booking without an account: whoever has the signed link from its
 * email, or knows its reference and its email or phone. Guessing is slowed with the sign-in
 * throttle (delays rather than lockouts) per client address and per reference from that address,
 * never per reference alone: a customer has no known device to get past a stranger's failures
 * with, so a counter of the reference's own would let anyone keep its owner out. Every mismatch
 * gives the same 404, so the answers never tell which references exist.
 */
@Injectable()
export class CustomerAccess {
  private readonly throttle: LoginThrottle;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    this.throttle = new LoginThrottle(redis, 'self-service', {
      freePerAddress: config.AUTH_MAX_FAILURES_PER_IP,
      maxAddressDelaySeconds: 60,
      freePerUser: config.AUTH_MAX_FAILURES_PER_USER,
      maxUserDelaySeconds: config.AUTH_FAILURE_WINDOW_S,
      windowSeconds: config.AUTH_FAILURE_WINDOW_S,
      knownAddressDays: 30,
    });
  }

  /** Runs `call` for the booking the request names; counts a 404 as a failed guess. */
  async with<T>(ip: string, request: ManageBookingRequest, call: (key: CustomerBookingKey) => Promise<T>): Promise<T> {
    if (request.token !== undefined) {
      const claims = verifyLink(request.token, 'manage', this.config.LINK_SIGNING_SECRET);
      if (!claims) throw noMatch();
      return call({ bookingId: claims.bookingId });
    }
    const reference = request.reference!;
    // The throttle's "username": this reference as the booking service reads it, from this address.
    const guesses = `${reference.trim().toUpperCase()} from ${ip}`;
    const wait = await this.throttle.waitFor(ip, guesses, false);
    if (wait !== undefined) throw new HttpExceptionWithHeaders(429, `Too many attempts, try again in ${wait} s`, { 'Retry-After': String(wait) });
    try {
      const result = await call({ reference, contact: request.contact! });
      await this.throttle.recordSuccess(ip, guesses);
      return result;
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() === 404) {
        await this.throttle.recordFailure(ip, guesses);
        throw noMatch();
      }
      throw error;
    }
  }
}
