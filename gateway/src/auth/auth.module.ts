import { Global, Module } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { AdminAuthenticator } from './admin-authenticator.js';
import { AdminAuthGuard } from './admin-auth.guard.js';
import { AdminBasicStrategy } from './admin-basic.strategy.js';
import { AdminBootstrap } from './admin-bootstrap.service.js';
import { RouteTable } from './route-table.js';

/** Admin authentication for the whole gateway (global guard), plus the route table. */
@Global()
@Module({
  imports: [PassportModule, DiscoveryModule],
  providers: [
    AdminBootstrap,
    AdminAuthenticator,
    AdminBasicStrategy,
    RouteTable,
    { provide: APP_GUARD, useClass: AdminAuthGuard },
  ],
  exports: [AdminAuthenticator, RouteTable],
})
export class AuthModule {}
