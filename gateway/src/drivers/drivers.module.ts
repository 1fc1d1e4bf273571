import { Module } from '@nestjs/common';
import { AdminDriversController, DriversController } from './drivers.controller.js';
import { RegisterDriverController } from './register-driver.controller.js';

/** The admin's drivers (list, locations, Manage Drivers) and a driver's registration. */
@Module({
  controllers: [DriversController, AdminDriversController, RegisterDriverController],
})
export class DriversModule {}
