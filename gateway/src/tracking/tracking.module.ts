import { Module } from '@nestjs/common';
import { DriversModule } from '../drivers/drivers.module.js';
import { LiveModule } from '../live/live.module.js';
import { RideTracking } from './ride-tracking.js';
import { TrackingController } from './tracking.controller.js';
import { TrackingStreams } from './tracking-streams.js';

/** The customer's live tracking page. */
@Module({
  imports: [LiveModule, DriversModule],
  controllers: [TrackingController],
  providers: [RideTracking, TrackingStreams],
})
export class TrackingModule {}
