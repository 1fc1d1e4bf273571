import { Injectable } from '@nestjs/common';
import type { BillingMonth, BookerRole, Company, CompanyDetails, PlanTier } from '@limo/contracts';
import { PrismaClient } from '../generated/prisma/client.js';
import type { CustomersTx } from '../customers.tx.js';
import { changeableFrom, type Period } from './plan-rules.js';

const WITH_PLAN_AND_BOOKERS = { periods: { orderBy: { fromMonth: 'asc' } }, bookers: { orderBy: { email: 'asc' } } } as const;

type CompanyRow = NonNullable<Awaited<ReturnType<PrismaClient['company']['findUnique']>>>;
type PeriodRow = { tier: string; fromMonth: string; toMonth: string | null; askedBy: string; askedAt: Date };
type BookerRow = { email: string; role: string; addedAt: Date };

/** The company as the admin sees it, from its row, periods (oldest first) and bookers. */
function companyOf(row: CompanyRow & { periods: PeriodRow[]; bookers: BookerRow[] }): Company {
  const plan = row.periods.map((p) => ({ tier: p.tier as PlanTier, fromMonth: p.fromMonth, toMonth: p.toMonth, askedBy: p.askedBy, askedAt: p.askedAt.toISOString() }));
  return {
    id: row.id,
    name: row.name,
    billingContact: row.billingContact,
    billingEmail: row.billingEmail,
    createdAt: row.createdAt.toISOString(),
    plan,
    changeableFrom: changeableFrom(plan),
    bookers: row.bookers.map((b) => ({ email: b.email, role: b.role as BookerRole, addedAt: b.addedAt.toISOString() })),
  };
}

/** Companies, their plan periods and bookers. */
@Injectable()
export class CompaniesRepository {
  constructor(private readonly db: PrismaClient) {}

  async find(tx: CustomersTx, companyId: number): Promise<Company | null> {
    const row = await tx.company.findUnique({ where: { id: companyId }, include: WITH_PLAN_AND_BOOKERS });
    return row ? companyOf(row) : null;
  }

  /** Every company with its periods and how many bookers it has, by name. */
  async all(): Promise<{ id: number; name: string; billingEmail: string; periods: Period[]; bookers: number }[]> {
    const rows = await this.db.company.findMany({
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
      include: { periods: { orderBy: { fromMonth: 'asc' } }, _count: { select: { bookers: true } } },
    });
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      billingEmail: row.billingEmail,
      periods: row.periods.map((p) => ({ tier: p.tier as PlanTier, fromMonth: p.fromMonth, toMonth: p.toMonth })),
      bookers: row._count.bookers,
    }));
  }

  async insert(tx: CustomersTx, details: CompanyDetails, first: Period, askedBy: string, now: Date): Promise<number> {
    const row = await tx.company.create({
      data: { ...details, createdAt: now, periods: { create: { tier: first.tier, fromMonth: first.fromMonth, toMonth: first.toMonth, askedBy, askedAt: now } } },
    });
    return row.id;
  }

  /** The company's row locked until the transaction ends: its plan and bookers change one request at a time. */
  async lock(tx: CustomersTx, companyId: number): Promise<boolean> {
    const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM companies WHERE id = ${companyId} FOR UPDATE`;
    return rows.length > 0;
  }

  /**
   * The company's row locked shared until the transaction ends: a booker's reserves run side by
   * side, but never while its plan changes (false for no company).
   */
  async lockShared(tx: CustomersTx, companyId: number): Promise<boolean> {
    const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM companies WHERE id = ${companyId} FOR SHARE`;
    return rows.length > 0;
  }

  async updateDetails(tx: CustomersTx, companyId: number, details: Partial<CompanyDetails>): Promise<void> {
    await tx.company.update({ where: { id: companyId }, data: details });
  }

  /**
   * Writes the periods after a change: the ones before `from` are kept as they are but for a
   * new end, those from `from` on are replaced.
   */
  async replacePeriods(tx: CustomersTx, companyId: number, periods: Period[], from: BillingMonth, askedBy: string, now: Date): Promise<void> {
    await tx.companyPlanPeriod.deleteMany({ where: { companyId, fromMonth: { gte: from } } });
    for (const period of periods) {
      if (period.fromMonth < from) await tx.companyPlanPeriod.updateMany({ where: { companyId, fromMonth: period.fromMonth }, data: { toMonth: period.toMonth } });
      else await tx.companyPlanPeriod.create({ data: { companyId, ...period, askedBy, askedAt: now } });
    }
  }

  /**
   * Adds the booker or changes their role; false when the email books for another company (the
   * email is the key, so two companies adding it at once cannot both have it).
   */
  async putBooker(tx: CustomersTx, companyId: number, email: string, role: BookerRole, now: Date): Promise<boolean> {
    const written = await tx.$executeRaw`
      INSERT INTO company_bookers (email, company_id, role, added_at) VALUES (${email}, ${companyId}, ${role}, ${now})
      ON CONFLICT (email) DO UPDATE SET role = excluded.role WHERE company_bookers.company_id = excluded.company_id`;
    return written > 0;
  }

  async removeBooker(tx: CustomersTx, companyId: number, email: string): Promise<void> {
    await tx.companyBooker.deleteMany({ where: { companyId, email } });
  }

  async booker(tx: CustomersTx, email: string): Promise<{ companyId: number; companyName: string; role: BookerRole } | null> {
    const row = await tx.companyBooker.findUnique({ where: { email }, include: { company: { select: { name: true } } } });
    return row ? { companyId: row.companyId, companyName: row.company.name, role: row.role as BookerRole } : null;
  }

  async periods(tx: CustomersTx, companyId: number): Promise<Period[]> {
    const rows = await tx.companyPlanPeriod.findMany({ where: { companyId }, orderBy: { fromMonth: 'asc' } });
    return rows.map((p) => ({ tier: p.tier as PlanTier, fromMonth: p.fromMonth, toMonth: p.toMonth }));
  }

  /** Every company with who its statements go to and its periods, by name. */
  async forStatements(): Promise<{ companyId: number; companyName: string; billingEmail: string; billingContact: string; periods: Period[] }[]> {
    const rows = await this.db.company.findMany({ orderBy: [{ name: 'asc' }, { id: 'asc' }], include: { periods: { orderBy: { fromMonth: 'asc' } } } });
    return rows.map((row) => ({
      companyId: row.id,
      companyName: row.name,
      billingEmail: row.billingEmail,
      billingContact: row.billingContact,
      periods: row.periods.map((p) => ({ tier: p.tier as PlanTier, fromMonth: p.fromMonth, toMonth: p.toMonth })),
    }));
  }
}
