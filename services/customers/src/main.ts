import 'reflect-metadata';
import { bootstrapService } from '@limo/service-runtime';
import { CustomersModule } from './customers.module.js';

await bootstrapService(CustomersModule, { handleSignals: true });
