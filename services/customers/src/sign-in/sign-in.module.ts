import { Module } from '@nestjs/common';
import { AccountsHandlers } from '../accounts/accounts.handlers.js';
import { CustomersRepository } from '../accounts/customers.repository.js';
import { SessionsHandlers } from '../sessions/sessions.handlers.js';
import { SessionsRepository } from '../sessions/sessions.repository.js';
import { RequestCode } from './request-code.use-case.js';
import { SignInCodesRepository } from './sign-in-codes.repository.js';
import { SignInHandlers } from './sign-in.handlers.js';
import { SignIn } from './sign-in.use-case.js';

/** Sign-in with an emailed code, the sessions it opens, and the account's saved contact details. */
@Module({
  controllers: [SignInHandlers, SessionsHandlers, AccountsHandlers],
  providers: [SignInCodesRepository, CustomersRepository, SessionsRepository, RequestCode, SignIn],
})
export class SignInModule {}
