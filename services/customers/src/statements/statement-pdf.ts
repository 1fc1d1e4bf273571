import PDFDocument from 'pdfkit';
import { monthLabel } from '@limo/contracts/common/business-time';
import { COMPANY, companyAddressLine } from '@limo/contracts/common/company';
import { checkTotals, dollars, PLAN_TRANSFER, statementDetails, statementLine, type StatementInput, type StatementLine } from './statement-figures.js';

const MARGIN = 50;
const PAGE = { width: 612, height: 792 };
const BOTTOM = PAGE.height - MARGIN - 20;
const GOLD = '#9a7b1c';
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const TABLE_SIZE = 7.5;
const PAD = 2;

interface Column {
  title: string;
  width: number;
  align?: 'right';
  text: (line: StatementLine) => string;
}

/** 508 points of the page's 512: what a ride says, narrowest to widest. */
const COLUMNS: Column[] = [
  { title: 'Date', width: 46, text: (l) => `${l.date}\n${l.time}` },
  { title: 'Reference', width: 58, text: (l) => l.reference },
  { title: 'Booked by', width: 64, text: (l) => l.bookedBy },
  { title: 'Passenger', width: 56, text: (l) => l.passenger },
  { title: 'Route', width: 100, text: (l) => l.route },
  { title: 'Vehicle', width: 50, text: (l) => l.vehicle },
  { title: 'Transfer', width: 50, align: 'right', text: (l) => (l.transfer === PLAN_TRANSFER ? l.transfer : dollars(l.transfer)) },
  { title: 'Extras', width: 40, align: 'right', text: (l) => dollars(l.extras) },
  { title: 'Amount', width: 44, align: 'right', text: (l) => dollars(l.finalAmount) },
];

/**
 * The standard PDF fonts (built into pdfkit, so nothing is read from disk) encode WinAnsi only:
 * the route's arrow becomes "to", and any other character they cannot show a "?", rather than
 * a wrong glyph. Names and addresses come from booking forms, so this is not hypothetical.
 */
function pdfText(text: string): string {
  return text.replace(/ → /g, ' to ').replace(/[^\n\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/gu, '?');
}

/**
 * The statement as a PDF (US Letter): the company and billing contact, the month and plan, every
 * ride in a table that runs on over as many pages as it needs (its header repeated on each), the
 * transfers used, left and expired, the plan fee and the total due, and "Page n of m".
 */
export async function statementPdf(input: StatementInput): Promise<Buffer> {
  const { month } = input;
  checkTotals(month);
  const issued = new Date(input.issuedAt);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${COMPANY.name} statement, ${month.companyName}, ${monthLabel(month.month)}`, Author: COMPANY.name, CreationDate: issued, ModDate: issued },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const put = (text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) => doc.text(pdfText(text), x, y, options);

  // The letterhead.
  doc.font(BOLD).fontSize(18).fillColor(GOLD);
  put(COMPANY.name, MARGIN, MARGIN);
  doc.font(FONT).fontSize(8).fillColor('#555');
  put(`${companyAddressLine()}\n${COMPANY.phone.display} · ${COMPANY.email}`, MARGIN, MARGIN + 22);
  doc.font(BOLD).fontSize(16).fillColor('#111');
  put('Statement', MARGIN, MARGIN, { width: PAGE.width - 2 * MARGIN, align: 'right' });
  doc.font(FONT).fontSize(10);
  put(monthLabel(month.month), MARGIN, MARGIN + 20, { width: PAGE.width - 2 * MARGIN, align: 'right' });

  // Who it is for.
  let y = MARGIN + 64;
  doc.fontSize(9);
  for (const [label, value] of statementDetails(input)) {
    doc.font(BOLD);
    put(label, MARGIN, y, { width: 90 });
    doc.font(FONT);
    put(value, MARGIN + 95, y, { width: PAGE.width - 2 * MARGIN - 95 });
    y = Math.max(doc.y, y + 12) + 2;
  }

  // The rides.
  y += 14;
  doc.font(BOLD).fontSize(11);
  put(`Rides (${month.rides.length})`, MARGIN, y);
  y = doc.y + 6;
  y = tableHeader(doc, y);
  if (month.rides.length === 0) {
    doc.font(FONT).fontSize(9);
    put('No rides this month.', MARGIN, y + 4);
    y = doc.y + 4;
  }
  month.rides.forEach((ride, index) => {
    const line = statementLine(ride);
    doc.font(FONT).fontSize(TABLE_SIZE);
    const height = Math.max(...COLUMNS.map((c) => doc.heightOfString(pdfText(c.text(line)), { width: c.width - 2 * PAD }))) + 2 * PAD;
    if (y + height > BOTTOM) {
      doc.addPage();
      y = tableHeader(doc, MARGIN);
    }
    if (index % 2 === 1) doc.rect(MARGIN, y, tableWidth(), height).fill('#f4f1e8');
    doc.fillColor('#111').font(FONT).fontSize(TABLE_SIZE);
    let x = MARGIN;
    for (const column of COLUMNS) {
      put(column.text(line), x + PAD, y + PAD, { width: column.width - 2 * PAD, align: column.align ?? 'left' });
      x += column.width;
    }
    y += height;
  });
  doc.moveTo(MARGIN, y).lineTo(MARGIN + tableWidth(), y).strokeColor('#999').lineWidth(0.5).stroke();

  // The summary, kept whole on one page.
  const { transfers } = month;
  const summary: [string, string, boolean?][] = [
    ['Transfers included', String(transfers.included)],
    ['Transfers used', String(transfers.used)],
    ['Transfers left', String(transfers.left)],
    ['Transfers expired', transfers.expired === null ? 'not yet (the month is running)' : String(transfers.expired)],
    ['Plan fee', dollars(month.planFee)],
    ['Rides total (extras included)', dollars(month.ridesTotal)],
    ['of which extras', dollars(month.extras)],
    ['Total due', dollars(month.totalDue), true],
  ];
  const summaryHeight = summary.length * 14 + 70;
  y += 16;
  if (y + summaryHeight > BOTTOM) {
    doc.addPage();
    y = MARGIN;
  }
  const labelX = PAGE.width - MARGIN - 260;
  for (const [label, value, strong] of summary) {
    if (strong) {
      doc.moveTo(labelX, y).lineTo(PAGE.width - MARGIN, y).strokeColor(GOLD).lineWidth(1).stroke();
      y += 4;
    }
    doc.fillColor('#111').font(strong ? BOLD : FONT).fontSize(strong ? 12 : 9);
    put(label, labelX, y, { width: 170 });
    put(value, labelX + 170, y, { width: 90, align: 'right' });
    y += strong ? 18 : 14;
  }
  y += 10;
  doc.font(FONT).fontSize(9).fillColor('#333');
  put(
    `Payment is arranged offline with our billing team: call ${COMPANY.phone.display} or write to ${COMPANY.email}. Amounts are in US dollars; a ride's amount is its final price once settled, its quote before.`,
    MARGIN,
    y,
    { width: PAGE.width - 2 * MARGIN },
  );

  // "Page n of m" once the page count is known.
  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    doc.font(FONT).fontSize(7).fillColor('#777');
    // Written inside the bottom margin: pdfkit would otherwise start a new page for it.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    put(`${month.companyName} · ${monthLabel(month.month)} · Page ${i + 1} of ${pages.count}`, MARGIN, PAGE.height - MARGIN + 10, {
      width: PAGE.width - 2 * MARGIN,
      align: 'center',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottomMargin;
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

function tableWidth(): number {
  return COLUMNS.reduce((sum, c) => sum + c.width, 0);
}

/** Draws the rides table's header at `y` and answers where the first row goes. */
function tableHeader(doc: PDFKit.PDFDocument, y: number): number {
  const height = 14;
  doc.rect(MARGIN, y, tableWidth(), height).fill('#111');
  doc.fillColor('#ffffff').font(BOLD).fontSize(TABLE_SIZE);
  let x = MARGIN;
  for (const column of COLUMNS) {
    doc.text(column.title, x + PAD, y + 4, { width: column.width - 2 * PAD, align: column.align ?? 'left', lineBreak: false });
    x += column.width;
  }
  return y + height;
}
