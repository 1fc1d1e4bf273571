import { Injectable } from '@nestjs/common';
import { bookingRpc, COMPANY_MESSAGES, fromCents, PLANS, toCents, type BillingMonth, type CompanyMonth, type CompanyRidesQuery } from '@limo/contracts';
import { notFound, RpcClient } from '@limo/messaging';
import { PrismaClient } from '../generated/prisma/client.js';
import { CompaniesRepository } from './companies.repository.js';
import { monthTransfers, tierIn } from './plan-rules.js';
import { TransfersRepository } from './transfers.repository.js';

/** A month of rides is a large answer for the booking service: more time than a quote's calls. */
const RIDES_TIMEOUT_MS = 10_000;

/**
 * A company's month: its transfers (from the reservations here), its rides (the booking service
 * owns them, asked over NATS) and what is due: the plan's fee when the plan covers the month,
 * plus every ride's final amount, in integer cents. The admin's and company admin's month view
 * and the statements use it.
 */
@Injectable()
export class CompanyMonths {
  constructor(
    private readonly db: PrismaClient,
    private readonly companies: CompaniesRepository,
    private readonly transfers: TransfersRepository,
    private readonly rpc: RpcClient,
  ) {}

  async month(query: CompanyRidesQuery, now = new Date()): Promise<CompanyMonth> {
    const company = await this.companies.find(this.db, query.companyId);
    if (!company) throw notFound(COMPANY_MESSAGES.notFound);
    const tier = tierIn(company.plan, query.month);
    const [used, rides] = await Promise.all([
      this.transfers.used(this.db, query.companyId, query.month),
      this.rpc.request(bookingRpc.companyRides, query, { timeoutMs: RIDES_TIMEOUT_MS }),
    ]);
    const planFee = tier ? toCents(PLANS[tier].monthlyFee) : 0;
    const extras = rides.reduce((sum, ride) => sum + toCents(ride.extras), 0);
    const ridesTotal = rides.reduce((sum, ride) => sum + toCents(ride.finalAmount), 0);
    return {
      companyId: company.id,
      companyName: company.name,
      month: query.month,
      transfers: monthTransfers(query.month, tier, used, now),
      rides,
      planFee: fromCents(planFee),
      extras: fromCents(extras),
      ridesTotal: fromCents(ridesTotal),
      totalDue: fromCents(planFee + ridesTotal),
    };
  }

  /** Who a company's statement goes to (404 for no company). */
  async billing(companyId: number): Promise<{ billingContact: string; billingEmail: string }> {
    const company = await this.companies.find(this.db, companyId);
    if (!company) throw notFound(COMPANY_MESSAGES.notFound);
    return { billingContact: company.billingContact, billingEmail: company.billingEmail };
  }

  /**
   * The companies a statement is made for, by name: those whose plan covered the month, and those
   * with rides in it all the same (booked in a month the plan did not cover: billed without a plan
   * fee). There are few companies; only those without a plan then are asked about their rides.
   */
  async statementCompanies(month: BillingMonth): Promise<{ companyId: number; companyName: string; billingEmail: string; billingContact: string }[]> {
    const stated = [];
    for (const { periods, ...company } of await this.companies.forStatements()) {
      if (tierIn(periods, month) || (await this.rpc.request(bookingRpc.companyRides, { companyId: company.companyId, month }, { timeoutMs: RIDES_TIMEOUT_MS })).length > 0) {
        stated.push(company);
      }
    }
    return stated;
  }
}
