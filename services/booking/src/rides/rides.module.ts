import { Module } from '@nestjs/common';
import { DispatchRepository } from './dispatch.repository.js';
import { DispatchSettings } from './dispatch-settings.js';
import { RidesRepository } from './rides.repository.js';

/**
 * What bookings and dispatch both work on: a ride's row, its holds, assignments and timeline, and
 * the settings they are held and paid by. Below both, so neither imports the other.
 */
@Module({
  providers: [RidesRepository, DispatchRepository, DispatchSettings],
  exports: [RidesRepository, DispatchRepository, DispatchSettings],
})
export class RidesModule {}
