import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DriverLogin, DriverSession } from '@limo/contracts';
import { z } from 'zod';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { ApiResponse } from '../docs/api-response.decorator.js';
import { ZodValidationPipe } from '../http/zod-validation.pipe.js';
import { clearSessionCookie, DRIVER_COOKIE, DRIVER_DEVICE_COOKIE, setDeviceCookie, setSessionCookie } from './driver-cookies.js';
import { DriverLoginService } from './driver-login.service.js';
import { DriverSessionStore } from './driver-session.store.js';

/** Driver sign-in and sign-out (decisions.md, "Driver sign-in"). */
@Controller('api/drivers')
export class DriverSessionController {
  constructor(
    private readonly login: DriverLoginService,
    private readonly sessions: DriverSessionStore,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post('login')
  @HttpCode(200)
  @ApiResponse(DriverSession, { description: 'Signed in: the session cookie is set' })
  async signIn(
    @Body(new ZodValidationPipe(DriverLogin)) credentials: DriverLogin,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<DriverSession> {
    const cookies = (req.cookies ?? {}) as Record<string, string>;
    const result = await this.login.login(req.ip ?? 'unknown', credentials, cookies[DRIVER_DEVICE_COOKIE]);
    setSessionCookie(req, res, result.token, this.config.DRIVER_SESSION_HOURS);
    setDeviceCookie(req, res, result.device);
    return result.session;
  }

  @Post('logout')
  @HttpCode(204)
  @ApiResponse(z.undefined(), { status: 204, description: 'Signed out (whatever the session was)' })
  async signOut(@Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<void> {
    const token = ((req.cookies ?? {}) as Record<string, string>)[DRIVER_COOKIE];
    if (token) await this.sessions.revoke(token);
    clearSessionCookie(req, res);
  }
}
