import 'reflect-metadata';
import { bootstrapService } from '@limo/service-runtime';
import { FleetModule } from './fleet.module.js';

await bootstrapService(FleetModule, { handleSignals: true });
