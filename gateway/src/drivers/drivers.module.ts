import { Module } from '@nestjs/common';
import { DriverPhotoController } from './driver-photo.controller.js';
import { DriverPhotos } from './driver-photos.service.js';
import { AdminDriversController, DriversController } from './drivers.controller.js';
import { RegisterDriverController } from './register-driver.controller.js';

/**
 * The admin's drivers (list, locations, Manage Drivers, photos) and a driver's registration.
 * Exports DriverPhotos: the tracking page shows the chauffeur's photo.
 */
@Module({
  controllers: [DriversController, AdminDriversController, DriverPhotoController, RegisterDriverController],
  providers: [DriverPhotos],
  exports: [DriverPhotos],
})
export class DriversModule {}
