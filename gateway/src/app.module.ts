import { type DynamicModule, Module } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { GATEWAY_CONFIG, type GatewayConfig } from './config.js';
import { MessagingModule, NATS_CONNECTION } from './messaging/messaging.module.js';
import { RedisModule } from './redis/redis.module.js';
import { HealthController } from './health/health.controller.js';
import { VehiclesController } from './fleet/vehicles.controller.js';
import { AuthModule } from './auth/auth.module.js';
import { AdminDashboardController } from './admin/admin-dashboard.controller.js';
import { AdminReportsController } from './admin/admin-reports.controller.js';
import { AdminDriversController, DriversController } from './drivers/drivers.controller.js';
import { RegisterDriverController } from './drivers/register-driver.controller.js';
import { AdminVehiclesController } from './fleet/admin-vehicles.controller.js';
import { AdminBookingsController, BookingsController } from './bookings/bookings.controller.js';
import { AddressAutocompleteController } from './addresses/address-autocomplete.controller.js';
import { DocsController } from './docs/docs.controller.js';

@Module({})
export class AppModule {
  static register(config: GatewayConfig, nc: NatsConnection): DynamicModule {
    const shared = {
      module: class SharedConfigModule {},
      global: true,
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: NATS_CONNECTION, useValue: nc },
      ],
      exports: [GATEWAY_CONFIG, NATS_CONNECTION],
    };
    return {
      module: AppModule,
      imports: [shared, MessagingModule, RedisModule, AuthModule],
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
      ],
    };
  }
}
