import { Module } from '@nestjs/common';
import { DriverAccountsModule } from '../drivers/drivers.module.js';
import { DriversSeeder } from './drivers-seeder.js';

/** Loaded only with SEED_DEMO_DATA=true: demo chauffeurs with every location freshness. */
@Module({ imports: [DriverAccountsModule], providers: [DriversSeeder] })
export class DriversDemoModule {}
