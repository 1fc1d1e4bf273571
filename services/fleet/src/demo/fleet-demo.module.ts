import { Module } from '@nestjs/common';
import { VehiclesModule } from '../vehicles/vehicles.module.js';
import { FleetSeeder } from './fleet-seeder.js';

/** Loaded only with SEED_DEMO_DATA=true: puts the advertised fleet in place at start-up. */
@Module({ imports: [VehiclesModule], providers: [FleetSeeder] })
export class FleetDemoModule {}
