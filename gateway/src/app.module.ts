import { type DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { connectNats } from '@limo/messaging';
import { loggerParams } from '@limo/observability';
import { GATEWAY_CONFIG, type GatewayConfig } from './config.js';
import { MessagingModule, NATS_CONNECTION } from './messaging/messaging.module.js';
import { RedisModule } from './redis/redis.module.js';
import { ObservabilityModule } from './observability/observability.module.js';
import { AuthModule } from './auth/auth.module.js';
import { DriverAuthModule } from './driver-auth/driver-auth.module.js';
import { RatesModule } from './rates/rates.module.js';
import { MapsModule } from './maps/maps.module.js';
import { HealthModule } from './health/health.module.js';
import { FleetModule } from './fleet/fleet.module.js';
import { AdminModule } from './admin/admin.module.js';
import { DriversModule } from './drivers/drivers.module.js';
import { BookingsModule } from './bookings/bookings.module.js';
import { AddressesModule } from './addresses/addresses.module.js';
import { DocsModule } from './docs/docs.module.js';
import { DispatchModule } from './dispatch/dispatch.module.js';
import { DriverPortalModule } from './driver-portal/driver-portal.module.js';
import { LiveModule } from './live/live.module.js';
import { EventsModule } from './events/events.module.js';
import { NotificationsModule } from './notifications/notifications.module.js';
import { SelfServiceModule } from './self-service/self-service.module.js';
import { TrackingModule } from './tracking/tracking.module.js';
import { FlightsModule } from './flights/flights.module.js';
import { AccountModule } from './account/account.module.js';
import { CompaniesModule } from './companies/companies.module.js';

/**
 * The gateway: global modules first (config and the NATS connection, logging, metrics, the
 * services client, Redis, and the admin and driver guards), then one module per area.
 */
@Module({})
export class AppModule {
  static register(config: GatewayConfig): DynamicModule {
    const shared = {
      module: class SharedConfigModule {},
      global: true,
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: NATS_CONNECTION, useFactory: () => connectNats(config.NATS_URL, 'gateway', { user: config.NATS_USER, seed: config.NATS_NKEY_SEED }, { inOrder: config.NATS_SERVERS_IN_ORDER }) },
      ],
      exports: [GATEWAY_CONFIG, NATS_CONNECTION],
    };
    return {
      module: AppModule,
      imports: [
        shared,
        LoggerModule.forRoot(loggerParams({ service: 'gateway', level: config.LOG_LEVEL, pretty: config.LOG_PRETTY })),
        ObservabilityModule,
        MessagingModule,
        RedisModule,
        AuthModule,
        DriverAuthModule,
        RatesModule,
        MapsModule,
        HealthModule,
        FleetModule,
        AdminModule,
        DriversModule,
        BookingsModule,
        AddressesModule,
        DocsModule,
        DispatchModule,
        DriverPortalModule,
        LiveModule,
        EventsModule,
        NotificationsModule,
        SelfServiceModule,
        TrackingModule,
        FlightsModule,
        AccountModule,
        CompaniesModule,
      ],
    };
  }
}
