import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { BillingMonth, companiesRpc } from '@limo/contracts';
import type { ServicesClient } from '../messaging/services.client.js';

/**
 * A statement asked for before the monthly job made it is made then (the month's rides from the
 * booking service, the PDF drawn): the gateway waits longer than the 5 s of other calls.
 */
const STATEMENT_TIMEOUT_MS = 20_000;

const FILE_MESSAGE = 'The statement file is written YYYY-MM.pdf or YYYY-MM.csv';

/** `2026-10.pdf` or `2026-10.csv` in a statement's path: its month and which file. */
export const StatementFileParam = z
  .string({ error: FILE_MESSAGE })
  .regex(/^\d{4}-\d{2}\.(pdf|csv)$/, FILE_MESSAGE)
  .transform((file) => ({ month: file.slice(0, 7), format: file.slice(8) as 'pdf' | 'csv' }))
  .pipe(z.object({ month: BillingMonth, format: z.enum(['pdf', 'csv']) }));
export type StatementFileParam = z.infer<typeof StatementFileParam>;

/** A download's name: the company's name as letters, digits and dashes (a header must stay plain ASCII), then the month. */
export function statementFilename(companyName: string, month: string, format: 'pdf' | 'csv'): string {
  const slug = companyName.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'company';
  return `${slug}-statement-${month}.${format}`;
}

/**
 * Sends one file of a month's statement as a download. The customers service answers 409 for a
 * month not ended or whose rides are not settled yet, and 404 for a month with neither plan nor
 * rides: those pass through as they are.
 */
export async function sendStatement(services: ServicesClient, res: FastifyReply, companyId: number, { month, format }: StatementFileParam): Promise<void> {
  const files = await services.call(companiesRpc.statement, { companyId, month }, STATEMENT_TIMEOUT_MS);
  const body = format === 'pdf' ? Buffer.from(files.pdfBase64, 'base64') : files.csv;
  res.header('Content-Type', format === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8');
  res.header('Content-Disposition', `attachment; filename="${statementFilename(files.companyName, month, format)}"`);
  res.header('Cache-Control', 'no-store');
  res.send(body);
}
