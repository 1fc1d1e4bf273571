import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { PrismaClient } from '../generated/prisma/client.js';
import { CompaniesRepository } from '../companies/companies.repository.js';
import { businessMonth } from '../companies/plan-rules.js';

/** The demo company a newcomer finds on /admin/companies, with a company admin who can sign in at /account. */
export const DEMO_COMPANY = {
  name: 'Acme Travel (demo)',
  billingContact: 'Pat Payer',
  billingEmail: 'billing@acme-travel.example',
  booker: 'travel@acme-travel.example',
} as const;

/**
 * Loaded only with SEED_DEMO_DATA=true: makes the demo company on Professional from this month if
 * it is not there (by name), once across replicas starting together (a transaction lock).
 */
@Injectable()
export class CompaniesSeeder implements OnApplicationBootstrap {
  private readonly log = new Logger('CompaniesSeeder');

  constructor(
    private readonly db: PrismaClient,
    private readonly companies: CompaniesRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const made = await this.db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('customers.demo-company'))`;
      if (await tx.company.findFirst({ where: { name: DEMO_COMPANY.name }, select: { id: true } })) return false;
      const now = new Date();
      const { booker, ...details } = DEMO_COMPANY;
      const id = await this.companies.insert(tx, details, { tier: 'professional', fromMonth: businessMonth(now), toMonth: null }, 'Demo data', now);
      return this.companies.putBooker(tx, id, booker, 'company-admin', now);
    });
    if (made) this.log.log(`seeded the demo company ${DEMO_COMPANY.name}`);
  }
}
