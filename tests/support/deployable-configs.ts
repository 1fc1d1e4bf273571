import { ServiceConfig } from '@limo/service-runtime';
import { readGatewayConfig } from '@limo/gateway';
import { BookingConfig } from '@limo/booking';
import { CustomersConfig } from '@limo/customers';
import { DriversConfig } from '@limo/drivers';
import { NotificationsConfig } from '@limo/notifications';

type Env = Record<string, string | undefined>;

/**
 * How each deployable reads its environment at start, by its name: the same parse its module runs,
 * so a deployment's environment can be checked against the code (tests/deploy). Each returns the
 * settings it read and throws as the process would refuse to start.
 */
export const DEPLOYABLE_CONFIGS: Record<string, (env: Env) => object> = {
  gateway: readGatewayConfig,
  booking: (env) => BookingConfig.parse(env),
  customers: (env) => CustomersConfig.parse(env),
  drivers: (env) => DriversConfig.parse(env),
  fleet: (env) => ServiceConfig.parse(env),
  notifications: (env) => NotificationsConfig.parse(env),
  reporting: (env) => ServiceConfig.parse(env),
};
