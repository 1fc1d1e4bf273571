import { Body, Controller, Inject, Post, Req } from '@nestjs/common';
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

/**
 * POST /api/register-driver, behind both registration forms. With valid admin credentials the
 * driver is active at once; without, it is a self-registration awaiting approval, limited per
 * client address (each one costs a slow hash and a row).
 */
@Controller('api/register-driver')
export class RegisterDriverController {
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
    const key = `register:ip:${ip}`;
    const results = await unlessRedisIsDown('Registration is temporarily unavailable, please try again shortly', () =>
      this.redis.multi().incr(key).expire(key, 3600, 'NX').ttl(key).exec(),
    );
    const count = Number(results?.[0]?.[1] ?? 0);
    const ttl = Number(results?.[2]?.[1] ?? -1);
    if (count > this.config.REGISTRATIONS_PER_IP_PER_HOUR) {
      const wait = ttl > 0 ? ttl : 3600;
      throw new HttpExceptionWithHeaders(429, `Too many registrations from this address. Try again in ${wait} seconds.`, {
        'Retry-After': String(wait),
      });
    }
  }
}
