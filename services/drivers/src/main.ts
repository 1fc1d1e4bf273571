import 'reflect-metadata';
import { readServiceConfig, stopOnSignals } from '@limo/service-runtime';
import { startDriversService } from './start.js';

const running = await startDriversService(readServiceConfig());
stopOnSignals(running, 'drivers');
