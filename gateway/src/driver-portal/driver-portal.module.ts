import { Module } from '@nestjs/common';
import { CurrentDriverController } from './current-driver.controller.js';
import { DriverRidesController } from './driver-rides.controller.js';

/** The signed-in driver's own calls and their rides (sessions are the global DriverAuthModule's). */
@Module({
  controllers: [CurrentDriverController, DriverRidesController],
})
export class DriverPortalModule {}
