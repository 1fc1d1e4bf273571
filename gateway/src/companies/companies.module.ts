import { Module } from '@nestjs/common';
import { SignedInCustomer } from '../account/signed-in-customer.js';
import { AccountCompanyController } from './account-company.controller.js';
import { AdminCompaniesController } from './admin-companies.controller.js';

/** Business accounts (issue 37): the admin's companies, plans, bookers, months and statements; the signed-in booker's company. */
@Module({
  controllers: [AdminCompaniesController, AccountCompanyController],
  providers: [SignedInCustomer],
})
export class CompaniesModule {}
