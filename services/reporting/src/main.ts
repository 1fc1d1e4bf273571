import 'reflect-metadata';
import { readServiceConfig, stopOnSignals } from '@limo/service-runtime';
import { startReportingService } from './start.js';

const running = await startReportingService(readServiceConfig());
stopOnSignals(running, 'reporting');
