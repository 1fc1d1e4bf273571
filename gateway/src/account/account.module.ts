import { Module } from '@nestjs/common';
import { AccountController } from './account.controller.js';
import { AdminCustomersController } from './admin-customers.controller.js';
import { SignInThrottle } from './sign-in-throttle.js';

/** The customer's account: sign-in with an emailed code, a session cookie of its own, their bookings and punch card; the admin's list of accounts. */
@Module({
  controllers: [AccountController, AdminCustomersController],
  providers: [SignInThrottle],
})
export class AccountModule {}
