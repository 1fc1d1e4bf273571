import { monthLabel } from '@limo/contracts/common/business-time';
import { COMPANY } from '@limo/contracts/common/company';
import { htmlEmail, textEmail, type Block } from '../messages/message-layout.js';

/** What the statement email says: the event's company, contact and month, and the total of the files it attaches. */
export interface StatementFacts {
  companyId: number;
  companyName: string;
  billingContact: string;
  /** `YYYY-MM`. */
  month: string;
  totalDue: string;
}

const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');

/** "prestige-limo-statement-acme-industries-inc-2026-10" (the company's id when its name has no letters or digits to show). */
export function statementFileName(facts: Pick<StatementFacts, 'companyId' | 'companyName' | 'month'>): string {
  return `${slug(COMPANY.name)}-statement-${slug(facts.companyName) || `company-${facts.companyId}`}-${facts.month}`;
}

/** The monthly statement to the company's billing contact; the PDF and CSV go with it as attachments. */
export function statementEmail(facts: StatementFacts) {
  const month = monthLabel(facts.month);
  const blocks: Block[] = [
    { paragraph: `Here is the ${COMPANY.name} statement of ${facts.companyName} for ${month}. It is attached as a PDF, with a CSV of the same rides for your spreadsheets.` },
    { rows: [['Company', facts.companyName], ['Month', month], ['Total due', `$${facts.totalDue}`]] },
    { paragraph: `Payment is arranged offline with our billing team: call us on ${COMPANY.phone.display} or write to ${COMPANY.email}, quoting the month.` },
    { paragraph: 'A question about a ride? Give us its reference from the statement and we will look into it.' },
  ];
  const greeting = `Dear ${facts.billingContact},`;
  return {
    subject: `Your ${COMPANY.name} statement for ${month}`,
    text: textEmail(greeting, blocks),
    html: htmlEmail(`Your statement for ${month}`, greeting, blocks),
  };
}
