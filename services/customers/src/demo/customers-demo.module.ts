import { Module } from '@nestjs/common';
import { CompaniesModule } from '../companies/companies.module.js';
import { CompaniesSeeder } from './companies-seeder.js';

/** Loaded only with SEED_DEMO_DATA=true: a demo company for Bundles for Business. */
@Module({ imports: [CompaniesModule], providers: [CompaniesSeeder] })
export class CustomersDemoModule {}
