import 'reflect-metadata';
import { readServiceConfig, stopOnSignals } from '@limo/service-runtime';
import { startFleetService } from './start.js';

const running = await startFleetService(readServiceConfig());
stopOnSignals(running, 'fleet');
