import { Injectable, Logger } from '@nestjs/common';
import { COMPANY_MESSAGES, customerEvents, type BillingMonth, type StatementFiles, type StatementSummary } from '@limo/contracts';
import { conflict, notFound, ServiceError } from '@limo/messaging';
import { Outbox } from '@limo/service-runtime';
import { PrismaClient, type CompanyStatement } from '../generated/prisma/client.js';
import type { CustomersTx } from '../customers.tx.js';
import { CompanyMonths } from '../companies/company-months.js';
import { statementCsv } from './statement-csv.js';
import { statementPdf } from './statement-pdf.js';
import { monthEnded, readyToState } from './statement-rules.js';

/** What a maker meets when a statement is not to be made (yet): the job leaves it for another day, it is no failure. */
const notToMakeYet = (error: unknown) =>
  error instanceof ServiceError && (error.message === COMPANY_MESSAGES.ridesNotSettled || error.message === COMPANY_MESSAGES.noStatement);

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

  /**
   * The month's statement, made now if it is not yet: 409 for a month not over, or whose rides
   * are not all settled while the grace days after it run (statement-rules.ts); 404 for a month
   * with neither a plan nor rides (a company may ride in a month its plan did not cover: those
   * rides are billed on a statement without a plan fee).
   */
  async statement(companyId: number, month: BillingMonth, now = new Date()): Promise<StatementFiles> {
    if (!monthEnded(month, now)) throw conflict(COMPANY_MESSAGES.monthNotEnded);
    const stored = await this.find(companyId, month);
    if (stored) return stored;
    const figures = await this.months.month({ companyId, month }, now);
    if (!figures.transfers.tier && figures.rides.length === 0) throw notFound(COMPANY_MESSAGES.noStatement);
    if (!readyToState(month, figures.rides, now)) throw conflict(COMPANY_MESSAGES.ridesNotSettled);
    const billing = await this.months.billing(companyId);
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

  /**
   * Every company's statement for a month that has ended; one company's failure does not stop the
   * others (the job tries again). A statement waiting for its rides to be settled is left for a
   * later day's run: no failure.
   */
  async issueAll(month: BillingMonth, now = new Date()): Promise<{ issued: number; waiting: number; failed: number }> {
    let [issued, waiting, failed] = [0, 0, 0];
    for (const company of await this.months.statementCompanies(month)) {
      try {
        await this.statement(company.companyId, month, now);
        issued++;
      } catch (error) {
        if (notToMakeYet(error)) {
          waiting++;
          continue;
        }
        failed++;
        this.log.warn(`statement of company ${company.companyId} for ${month} not made: ${(error as Error).message}`);
      }
    }
    if (failed > 0) throw new Error(`${failed} of ${issued + waiting + failed} statements for ${month} not made yet`);
    return { issued, waiting, failed };
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
