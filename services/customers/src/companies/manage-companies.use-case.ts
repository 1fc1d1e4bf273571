import { Injectable } from '@nestjs/common';
import { COMPANY_MESSAGES, type Actor, type BookerInput, type Company, type CompanySummary, type CreateCompany, type PlanChange, type UpdateCompany } from '@limo/contracts';
import { fieldError, notFound, ServiceError } from '@limo/messaging';
import { PrismaClient } from '../generated/prisma/client.js';
import type { CustomersTx } from '../customers.tx.js';
import { CompaniesRepository } from './companies.repository.js';
import { applyPlanChange, businessMonth, checkHeldTransfers, checkStartMonth, effectiveMonth, monthTransfers, PlanRuleError, tierIn } from './plan-rules.js';
import { TransfersRepository } from './transfers.repository.js';

/** Who asked, as a plan period records it. */
const nameOf = (actor: Actor) => actor.name ?? actor.kind;

/**
 * The admin's side of Bundles for Business: companies, their plans and bookers. A company's
 * changes run under its row's lock, so two admins at once on any replicas see each other's
 * change; a booker's email is the bookers' key, so it books for one company at most.
 */
@Injectable()
export class ManageCompanies {
  constructor(
    private readonly db: PrismaClient,
    private readonly companies: CompaniesRepository,
    private readonly transfers: TransfersRepository,
  ) {}

  async list(now = new Date()): Promise<CompanySummary[]> {
    const month = businessMonth(now);
    const [rows, used] = await Promise.all([this.companies.all(), this.transfers.usedByCompany(month)]);
    return rows.map((row) => {
      const tier = tierIn(row.periods, month);
      return {
        id: row.id,
        name: row.name,
        billingEmail: row.billingEmail,
        tier,
        transfersLeft: tier ? monthTransfers(month, tier, used.get(row.id) ?? 0, now).left : null,
        bookers: row.bookers,
      };
    });
  }

  async get(companyId: number): Promise<Company> {
    const company = await this.companies.find(this.db, companyId);
    if (!company) throw notFound(COMPANY_MESSAGES.notFound);
    return company;
  }

  async create({ actor, plan, startMonth, ...details }: CreateCompany & { actor: Actor }, now = new Date()): Promise<Company> {
    rule(() => checkStartMonth(startMonth, now), 'startMonth');
    const id = await this.db.$transaction((tx) => this.companies.insert(tx, details, { tier: plan, fromMonth: startMonth, toMonth: null }, nameOf(actor), now));
    return this.get(id);
  }

  update({ companyId, ...details }: UpdateCompany & { companyId: number }): Promise<Company> {
    return this.change(companyId, (tx) => this.companies.updateDetails(tx, companyId, details));
  }

  /** Adds the booker or changes their role (409 when the email books for another company). */
  putBooker({ companyId, email, role }: BookerInput & { companyId: number }, now = new Date()): Promise<Company> {
    return this.change(companyId, async (tx) => {
      if (!(await this.companies.putBooker(tx, companyId, email, role, now))) throw new ServiceError(409, COMPANY_MESSAGES.bookerElsewhere, [{ path: 'email', message: COMPANY_MESSAGES.bookerElsewhere }]);
    });
  }

  removeBooker({ companyId, email }: { companyId: number; email: string }): Promise<Company> {
    return this.change(companyId, (tx) => this.companies.removeBooker(tx, companyId, email));
  }

  /**
   * Another tier or the plan's end from the first billing month after 30 days' notice (plan-rules.ts),
   * refused while rides already booked hold more of a month's transfers than the new plan includes.
   * A booker's reserve takes the company's row lock shared (CompanyTransfers.reserve), so the count
   * here, under the row's lock, sees every transfer held before, and a reserve after sees the new plan.
   */
  changePlan({ companyId, change, actor }: { companyId: number; change: PlanChange; actor: Actor }, now = new Date()): Promise<Company> {
    return this.change(companyId, async (tx) => {
      const effective = effectiveMonth(now);
      const periods = await this.companies.periods(tx, companyId);
      const next = rule(() => applyPlanChange(periods, change, effective));
      const held = await this.transfers.usedFrom(tx, companyId, effective);
      rule(() => checkHeldTransfers(next, held));
      await this.companies.replacePeriods(tx, companyId, next, effective, nameOf(actor), now);
    });
  }

  /** A change of the company under its row's lock, answered with the company as it is then (404 for none). */
  private async change(companyId: number, write: (tx: CustomersTx) => Promise<void>): Promise<Company> {
    return this.db.$transaction(async (tx) => {
      if (!(await this.companies.lock(tx, companyId))) throw notFound(COMPANY_MESSAGES.notFound);
      await write(tx);
      return (await this.companies.find(tx, companyId))!;
    });
  }
}

/** A plan rule's refusal as the service's error: a 400 names its field, a 409 is the state the company is in. */
function rule<T>(check: () => T, path?: string): T {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof PlanRuleError)) throw error;
    throw error.status === 400 && path ? fieldError(path, error.message) : new ServiceError(error.status, error.message);
  }
}
