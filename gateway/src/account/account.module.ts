import { Module } from '@nestjs/common';
import { AccountBookingsController } from './account-bookings.controller.js';
import { AccountController } from './account.controller.js';
import { AdminCustomersController } from './admin-customers.controller.js';
import { SignedInCustomer } from './signed-in-customer.js';
import { SignInThrottle } from './sign-in-throttle.js';

/** The customer's account: sign-in with an emailed code, a session cookie of its own, their bookings (change, cancel, receipt), details and punch card; the admin's list of accounts. */
@Module({
  controllers: [AccountController, AccountBookingsController, AdminCustomersController],
  providers: [SignInThrottle, SignedInCustomer],
})
export class AccountModule {}
