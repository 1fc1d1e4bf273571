import 'reflect-metadata';
import { bootstrapService } from '@limo/service-runtime';
import { BookingModule } from './booking.module.js';

await bootstrapService(BookingModule, { handleSignals: true });
