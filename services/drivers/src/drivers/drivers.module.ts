import { Module } from '@nestjs/common';
import { DriversHandlers } from './drivers.handlers.js';
import { DriversRepository } from './drivers.repository.js';
import { RegisterDriver } from './register-driver/register-driver.use-case.js';
import { ToggleDuty } from './toggle-duty/toggle-duty.use-case.js';
import { UpdateDriver } from './update-driver/update-driver.use-case.js';

@Module({
  controllers: [DriversHandlers],
  providers: [DriversRepository, RegisterDriver, UpdateDriver, ToggleDuty],
  exports: [DriversRepository, RegisterDriver],
})
export class DriverAccountsModule {}
