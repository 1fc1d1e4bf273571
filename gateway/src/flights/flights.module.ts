import { Module } from '@nestjs/common';
import { AdminFlightsController } from './flights.controller.js';

/** Arriving flights (the booking service follows them): the simulated provider's what-if delays. */
@Module({ controllers: [AdminFlightsController] })
export class FlightsModule {}
