import { Module } from '@nestjs/common';
import { FleetModule } from '../fleet/fleet.module.js';
import { CompaniesHandlers } from './companies.handlers.js';
import { CompanyRides } from './company-rides.js';

/** Bundles for Business (issue 37): a company's rides by month, for its month view and statement (the customers service asks). */
@Module({
  imports: [FleetModule],
  controllers: [CompaniesHandlers],
  providers: [CompanyRides],
})
export class CompaniesModule {}
