import { Body, Controller, Inject, Logger, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { driversRpc, DriverRegistration, type DriverRegistrationResult } from '@limo/contracts';
import { AdminOptional } from '../auth/admin-optional.decorator.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { HttpExceptionWithHeaders } from '../http/http-exception.filter.js';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { ZodValidationPipe } from '../http/zod-validation.pipe.js';
import { ServicesClient } from '../messaging/services.client.js';
import { REDIS } from '../redis/redis.module.js';
import { unlessRedisIsDown } from '../redis/redis-unavailable.js';

const HOUR_S = 3600;
const UNAVAILABLE = 'Registration is temporarily unavailable, please try again shortly';

/**
 * POST /api/register-driver, behind both registration forms. With valid admin credentials the
 * driver is active at once; without, it is a self-registration awaiting approval, limited per
 * client address and, against bursts from many addresses, for everyone together (each one costs
 * a slow hash and a row). The first refusal at the overall limit tells the admin (a dashboard
 * alert, through the drivers service's event).
 */
@Controller('api/register-driver')
export class RegisterDriverController {
  private readonly log = new Logger('RegisterDriver');

  constructor(
    private readonly services: ServicesClient,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post()
  @AdminOptional()
  @ApiResponse(driversRpc.register.response, { description: 'The registered driver, with their username and temporary password (shown once)' })
  async register(
    @Req() req: FastifyRequest & { user?: unknown },
    @Body(new ZodValidationPipe(DriverRegistration)) registration: DriverRegistration,
  ): Promise<DriverRegistrationResult> {
    const byAdmin = (req.user as { kind?: string } | undefined)?.kind === 'admin';
    if (!byAdmin) await this.limitSelfRegistrations(req.ip ?? 'unknown');
    return this.services.call(driversRpc.register, { registration, registeredBy: byAdmin ? 'admin' : 'self' });
  }

  private async limitSelfRegistrations(ip: string): Promise<void> {
    const fromAddress = await this.countThisHour(`register:ip:${ip}`);
    if (fromAddress.count > this.config.REGISTRATIONS_PER_IP_PER_HOUR) {
      throw tooMany(`Too many registrations from this address. Try again in ${fromAddress.wait} seconds.`, fromAddress.wait);
    }
    const overall = await this.countThisHour('register:all');
    if (overall.count > this.config.REGISTRATIONS_PER_HOUR) {
      await this.tellTheAdmin(overall.wait);
      throw tooMany(`Driver registrations are paused for now. Try again in ${overall.wait} seconds.`, overall.wait);
    }
  }

  /** Counts one more in the key's hour (from its first count); with the seconds left of that hour. */
  private async countThisHour(key: string): Promise<{ count: number; wait: number }> {
    const results = await unlessRedisIsDown(UNAVAILABLE, () => this.redis.multi().incr(key).expire(key, HOUR_S, 'NX').ttl(key).exec());
    const ttl = Number(results?.[2]?.[1] ?? -1);
    return { count: Number(results?.[0]?.[1] ?? 0), wait: ttl > 0 ? ttl : HOUR_S };
  }

  /** Once per pause (the first refusal); if the drivers service cannot be told, the next refusal tries again. */
  private async tellTheAdmin(wait: number): Promise<void> {
    const key = 'register:all:admin-told';
    if ((await unlessRedisIsDown(UNAVAILABLE, () => this.redis.set(key, '1', 'EX', wait, 'NX'))) !== 'OK') return;
    const until = new Date(Date.now() + wait * 1000).toISOString();
    try {
      await this.services.call(driversRpc.registrationsPaused, { perHour: this.config.REGISTRATIONS_PER_HOUR, until });
    } catch (error) {
      this.log.warn(`registrations paused, the admin not told yet: ${(error as Error).message}`);
      await this.redis.del(key).catch(() => {});
    }
  }
}

const tooMany = (message: string, wait: number) => new HttpExceptionWithHeaders(429, message, { 'Retry-After': String(wait) });
