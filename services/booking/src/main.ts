import 'reflect-metadata';
import { readServiceConfig, stopOnSignals } from '@limo/service-runtime';
import { startBookingService } from './start.js';

const running = await startBookingService(readServiceConfig());
stopOnSignals(running, 'booking');
