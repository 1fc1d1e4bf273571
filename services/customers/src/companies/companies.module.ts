import { Module } from '@nestjs/common';
import { CompaniesHandlers } from './companies.handlers.js';
import { CompaniesRepository } from './companies.repository.js';
import { CompanyMonths } from './company-months.js';
import { CompanyTransfers } from './company-transfers.use-case.js';
import { ManageCompanies } from './manage-companies.use-case.js';
import { TransfersRepository } from './transfers.repository.js';
import { StoredBookingsModule } from '../stored-bookings.module.js';

/**
 * Bundles for Business (issue 37): companies, their plans and bookers, and the month transfers
 * their rides hold. The booking events reach CompanyTransfers through the loyalty module's
 * consumer (one durable per service); housekeeping releases transfers no booking named.
 */
@Module({
  imports: [StoredBookingsModule],
  controllers: [CompaniesHandlers],
  providers: [CompaniesRepository, TransfersRepository, ManageCompanies, CompanyTransfers, CompanyMonths],
  exports: [CompanyTransfers, CompanyMonths, CompaniesRepository],
})
export class CompaniesModule {}
