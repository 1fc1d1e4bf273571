import 'reflect-metadata';
import { bootstrapService } from '@limo/service-runtime';
import { ReportingModule } from './reporting.module.js';

await bootstrapService(ReportingModule, { handleSignals: true });
