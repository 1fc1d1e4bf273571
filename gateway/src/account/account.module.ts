import { Module } from '@nestjs/common';
import { AccountController } from './account.controller.js';
import { SignInThrottle } from './sign-in-throttle.js';

/** The customer's account: sign-in with an emailed code, a session cookie of its own, their bookings. */
@Module({
  controllers: [AccountController],
  providers: [SignInThrottle],
})
export class AccountModule {}
