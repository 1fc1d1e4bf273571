import 'reflect-metadata';
import { bootstrapService } from '@limo/service-runtime';
import { DriversModule } from './drivers.module.js';

await bootstrapService(DriversModule, { handleSignals: true });
