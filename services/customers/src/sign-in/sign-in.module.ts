import { Module } from '@nestjs/common';
import { CustomersRepository } from '../accounts/customers.repository.js';
import { SessionsHandlers } from '../sessions/sessions.handlers.js';
import { SessionsRepository } from '../sessions/sessions.repository.js';
import { RequestCode } from './request-code.use-case.js';
import { SignInCodesRepository } from './sign-in-codes.repository.js';
import { SignInHandlers } from './sign-in.handlers.js';
import { SignIn } from './sign-in.use-case.js';

/** Sign-in with an emailed code, and the sessions it opens. */
@Module({
  controllers: [SignInHandlers, SessionsHandlers],
  providers: [SignInCodesRepository, CustomersRepository, SessionsRepository, RequestCode, SignIn],
})
export class SignInModule {}
