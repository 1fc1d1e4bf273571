import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { DriverLoginService } from './driver-login.service.js';
import { DriverSessionController } from './driver-session.controller.js';
import { DriverSessionGuard } from './driver-session.guard.js';
import { DriverSessionStore } from './driver-session.store.js';

/** Driver sessions for the whole gateway: sign-in, the cookie store and the guard of @DriverOnly() routes. */
@Global()
@Module({
  controllers: [DriverSessionController],
  providers: [DriverSessionStore, DriverLoginService, { provide: APP_GUARD, useClass: DriverSessionGuard }],
  exports: [DriverSessionStore, DriverLoginService],
})
export class DriverAuthModule {}
