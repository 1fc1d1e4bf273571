import { Module } from '@nestjs/common';
import { CustomerAccess } from './customer-access.js';
import { ManageBookingController } from './manage-booking.controller.js';

/** The customer's manage-booking page, opened by a signed link or booking code. */
@Module({
  controllers: [ManageBookingController],
  providers: [CustomerAccess],
})
export class SelfServiceModule {}
