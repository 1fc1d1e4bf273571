import { Module } from '@nestjs/common';
import { AuthenticateDriver } from './authenticate-driver/authenticate-driver.use-case.js';
import { ChangePassword } from './change-password/change-password.use-case.js';
import { DriverAccountsHandlers } from './driver-accounts.handlers.js';
import { DriversHandlers } from './drivers.handlers.js';
import { RecordLocation } from './record-location/record-location.use-case.js';
import { ResetPassword } from './reset-password/reset-password.use-case.js';
import { DriversRepository } from './drivers.repository.js';
import { RegisterDriver } from './register-driver/register-driver.use-case.js';
import { RegistrationsPaused } from './register-driver/registrations-paused.use-case.js';
import { ToggleDuty } from './toggle-duty/toggle-duty.use-case.js';
import { UpdateDriver } from './update-driver/update-driver.use-case.js';
import { DriverPhotos } from './driver-photo/driver-photo.use-case.js';

@Module({
  controllers: [DriversHandlers, DriverAccountsHandlers],
  providers: [DriversRepository, RegisterDriver, RegistrationsPaused, UpdateDriver, ToggleDuty, AuthenticateDriver, ChangePassword, ResetPassword, RecordLocation, DriverPhotos],
  exports: [DriversRepository, RegisterDriver],
})
export class DriverAccountsModule {}
