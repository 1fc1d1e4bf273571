import { type DynamicModule, Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { LoggerModule } from 'nestjs-pino';
import { connectNats } from '@limo/messaging';
import { loggerParams } from '@limo/observability';
import { GATEWAY_CONFIG, type GatewayConfig } from './config.js';
import { MessagingModule, NATS_CONNECTION } from './messaging/messaging.module.js';
import { RedisModule } from './redis/redis.module.js';
import { HealthController } from './health/health.controller.js';
import { VehiclesController } from './fleet/vehicles.controller.js';
import { VehicleListCache } from './fleet/vehicle-list.cache.js';
import { ReportingAnswers } from './admin/reporting-answers.js';
import { AuthModule } from './auth/auth.module.js';
import { AdminDashboardController } from './admin/admin-dashboard.controller.js';
import { AdminReportsController } from './admin/admin-reports.controller.js';
import { AdminDriversController, DriversController } from './drivers/drivers.controller.js';
import { RegisterDriverController } from './drivers/register-driver.controller.js';
import { AdminVehiclesController } from './fleet/admin-vehicles.controller.js';
import { AdminBookingsController, BookingsController } from './bookings/bookings.controller.js';
import { AddressAutocompleteController } from './addresses/address-autocomplete.controller.js';
import { ObservabilityModule } from './observability/observability.module.js';
import { DocsController } from './docs/docs.controller.js';
import { AdminDispatchController } from './dispatch/admin-dispatch.controller.js';
import { DriverAuthModule } from './driver-auth/driver-auth.module.js';
import { CurrentDriverController } from './driver-portal/current-driver.controller.js';
import { DriverRidesController } from './driver-portal/driver-rides.controller.js';
import { AdminLiveController, DriverLiveController } from './live/live-updates.controller.js';
import { LiveEventHub } from './live/live-event-hub.js';
import { LiveUpdates } from './live/live-updates.service.js';
import { AdminMessagesController } from './notifications/admin-messages.controller.js';
import { CustomerAccess } from './self-service/customer-access.js';
import { ManageBookingController } from './self-service/manage-booking.controller.js';
import { RideTracking } from './tracking/ride-tracking.js';
import { TrackingController } from './tracking/tracking.controller.js';
import { TrackingStreams } from './tracking/tracking-streams.js';
import { DeadLettersController } from './events/dead-letters.controller.js';
import { RatesModule } from './rates/rates.module.js';

@Module({})
export class AppModule {
  static register(config: GatewayConfig): DynamicModule {
    const shared = {
      module: class SharedConfigModule {},
      global: true,
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: NATS_CONNECTION, useFactory: () => connectNats(config.NATS_URL, 'gateway', { user: config.NATS_USER, password: config.NATS_PASSWORD }) },
      ],
      exports: [GATEWAY_CONFIG, NATS_CONNECTION],
    };
    return {
      module: AppModule,
      imports: [
        shared,
        LoggerModule.forRoot(loggerParams({ service: 'gateway', level: config.LOG_LEVEL, pretty: config.LOG_PRETTY })),
        TerminusModule.forRoot({ logger: false }),
        ObservabilityModule,
        MessagingModule,
        RedisModule,
        AuthModule,
        DriverAuthModule,
        RatesModule,
      ],
      controllers: [
        HealthController,
        VehiclesController,
        AdminDashboardController,
        AdminReportsController,
        DriversController,
        AdminDriversController,
        RegisterDriverController,
        AdminVehiclesController,
        BookingsController,
        AdminBookingsController,
        AddressAutocompleteController,
        DocsController,
        AdminDispatchController,
        CurrentDriverController,
        DriverRidesController,
        AdminLiveController,
        DriverLiveController,
        DeadLettersController,
        AdminMessagesController,
        ManageBookingController,
        TrackingController,
      ],
      providers: [LiveEventHub, LiveUpdates, VehicleListCache, ReportingAnswers, CustomerAccess, RideTracking, TrackingStreams],
    };
  }
}
