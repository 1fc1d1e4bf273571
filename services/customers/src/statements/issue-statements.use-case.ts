import { Injectable, Logger } from '@nestjs/common';
import { businessToday, COMPANY_MESSAGES, customerEvents, type BillingMonth, type StatementFiles, type StatementSummary } from '@limo/contracts';
import { conflict, notFound } from '@limo/messaging';
import { Outbox } from '@limo/service-runtime';
import { PrismaClient, type CompanyStatement } from '../generated/prisma/client.js';
import type { CustomersTx } from '../customers.tx.js';
import { CompanyMonths } from '../companies/company-months.js';
import { statementCsv } from './statement-csv.js';
import { statementPdf } from './statement-pdf.js';

/** Whether a billing month is over in Los Angeles: a statement is made only then. */
const monthEnded = (month: BillingMonth, now: Date) => businessToday(now).slice(0, 7) > month;

/** The billing month before the one `now` is in (Los Angeles). */
export function previousMonth(now: Date): BillingMonth {
  const [year, month] = businessToday(now).split('-').map(Number);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

const summaryOf = (row: CompanyStatement): StatementSummary => ({
  id: row.id,
  companyId: row.companyId,
  month: row.month,
  totalDue: row.totalDue.toFixed(2),
  issuedAt: row.issuedAt.toISOString(),
});

/**
 * A company's month statement (decisions.md, "Bundles for Business"): made once, from the month's
 * figures (CompanyMonths: the transfers here, the rides the booking service owns), with its PDF and
 * CSV kept as made, so every download and the email are the same document. A second maker (another
 * replica's job, or an admin asking at the same moment) finds the unique (company, month) taken and
 * answers the first one's; only the one that stored it announces it (`customers.statement.issued.v1`,
 * which the notifications service emails to the billing contact).
 */
@Injectable()
export class IssueStatements {
  private readonly log = new Logger('IssueStatements');

  constructor(
    private readonly db: PrismaClient,
    private readonly outbox: Outbox,
    private readonly months: CompanyMonths,
  ) {}

  /** The month's statement, made now if it is not yet (409 for a month not over, 404 for a month without a plan). */
  async statement(companyId: number, month: BillingMonth, now = new Date()): Promise<StatementFiles> {
    if (!monthEnded(month, now)) throw conflict(COMPANY_MESSAGES.monthNotEnded);
    const stored = await this.find(companyId, month);
    if (stored) return stored;
    const figures = await this.months.month({ companyId, month }, now);
    if (!figures.transfers.tier) throw notFound(COMPANY_MESSAGES.noStatement);
    const billing = (await this.months.statementCompanies(month)).find((c) => c.companyId === companyId);
    if (!billing) throw notFound(COMPANY_MESSAGES.noStatement);
    const issuedAt = now;
    const document = { month: figures, billingContact: billing.billingContact, billingEmail: billing.billingEmail, issuedAt: issuedAt.toISOString() };
    const [pdf, csv] = [await statementPdf(document), statementCsv(document)];
    await this.outbox.transaction(async (tx: CustomersTx, events) => {
      const created = await tx.companyStatement.createManyAndReturn({
        data: [{ companyId, month, totalDue: figures.totalDue, figures, pdf: new Uint8Array(pdf), csv, issuedAt }],
        skipDuplicates: true,
      });
      for (const row of created) {
        await events.append(customerEvents.statementIssued, String(row.id), {
          statementId: row.id,
          companyId,
          companyName: figures.companyName,
          month,
          billingEmail: billing.billingEmail,
          billingContact: billing.billingContact,
          totalDue: figures.totalDue,
        });
      }
    });
    return (await this.find(companyId, month))!;
  }

  /** Every company's statement for a month that has ended; one company's failure does not stop the others (the job tries again). */
  async issueAll(month: BillingMonth, now = new Date()): Promise<{ issued: number; failed: number }> {
    let [issued, failed] = [0, 0];
    for (const company of await this.months.statementCompanies(month)) {
      try {
        await this.statement(company.companyId, month, now);
        issued++;
      } catch (error) {
        failed++;
        this.log.warn(`statement of company ${company.companyId} for ${month} not made: ${(error as Error).message}`);
      }
    }
    if (failed > 0) throw new Error(`${failed} of ${issued + failed} statements for ${month} not made yet`);
    return { issued, failed };
  }

  /** A company's statements, newest first. */
  async list(companyId: number): Promise<StatementSummary[]> {
    const rows = await this.db.companyStatement.findMany({ where: { companyId }, orderBy: { month: 'desc' }, select: { id: true, companyId: true, month: true, totalDue: true, issuedAt: true } });
    return rows.map((row) => summaryOf(row as CompanyStatement));
  }

  private async find(companyId: number, month: BillingMonth): Promise<StatementFiles | null> {
    const row = await this.db.companyStatement.findUnique({ where: { companyId_month: { companyId, month } } });
    if (!row) return null;
    const figures = row.figures as { companyName: string };
    return { statement: summaryOf(row), companyName: figures.companyName, pdfBase64: Buffer.from(row.pdf).toString('base64'), csv: row.csv };
  }
}
