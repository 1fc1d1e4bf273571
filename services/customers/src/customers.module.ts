import { fileURLToPath } from 'node:url';
import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceRuntimeModule, type Env } from '@limo/service-runtime';
import { PrismaClient } from './generated/prisma/client.js';
import { CompaniesModule } from './companies/companies.module.js';
import { CustomersConfig } from './customers.config.js';
import { HousekeepingModule } from './housekeeping/housekeeping.module.js';
import { LoyaltyModule } from './loyalty/loyalty.module.js';
import { SignInModule } from './sign-in/sign-in.module.js';
import { StatementsModule } from './statements/statements.module.js';
import { CustomersDemoModule } from './demo/customers-demo.module.js';

export const CUSTOMERS_MIGRATIONS = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

/**
 * The customers service: customer accounts, their sign-in codes and sessions, and Next One's on Us
 * (completed airport rides counted from the booking events). Booking needs no account; the account
 * shows the bookings made with its email (the booking service owns them); Refer & Fly's credit
 * ledger and the reservations that hold free rides and credit for bookings (credits/); Bundles for
 * Business: companies, their plans, bookers and month transfers (companies/).
 */
@Module({})
export class CustomersModule {
  static forRoot(env: Env): DynamicModule {
    const config = CustomersConfig.parse(env);
    return {
      module: CustomersModule,
      imports: [ServiceRuntimeModule.forRoot({ service: 'customers', config, database: PrismaClient, migrationsDir: CUSTOMERS_MIGRATIONS }), SignInModule, HousekeepingModule, LoyaltyModule, CompaniesModule, StatementsModule, ...(config.SEED_DEMO_DATA ? [CustomersDemoModule] : [])],
    };
  }
}
