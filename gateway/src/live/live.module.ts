import { Module } from '@nestjs/common';
import { LiveEventHub } from './live-event-hub.js';
import { AdminLiveController, DriverLiveController } from './live-updates.controller.js';
import { LiveUpdates } from './live-updates.service.js';

/** Live boards over server-sent events, fed by one JetStream consumer; tracking uses LiveUpdates too. */
@Module({
  controllers: [AdminLiveController, DriverLiveController],
  providers: [LiveEventHub, LiveUpdates],
  exports: [LiveUpdates],
})
export class LiveModule {}
