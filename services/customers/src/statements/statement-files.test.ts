import { extractText, getDocumentProxy } from 'unpdf';
import { fromCents, toCents } from '@limo/contracts/common/money';
import type { CompanyMonth, CompanyRide } from '@limo/contracts/customers/companies';
import { statementCsv } from './statement-csv.js';
import { dollars, type StatementInput } from './statement-figures.js';
import { statementPdf } from './statement-pdf.js';

const ride = (n: number, overrides: Partial<CompanyRide> = {}): CompanyRide => ({
  bookingId: 1000 + n,
  reference: `LX-${String(n).padStart(2, '2').replace(/[01]/g, 'K')}Q${'ABCDEFGHJKMNPQRSTVWXYZ'[n % 22]}Z`,
  status: 'completed',
  pickupDate: `2026-10-${String((n % 28) + 1).padStart(2, '0')}`,
  pickupTime: '14:30',
  bookedBy: 'ops.assistant@acme-industries.example',
  passenger: `Passenger ${n}`,
  passengerPhone: '+13105550100',
  pickupLocation: 'LAX Terminal 4, 1 World Way, Los Angeles',
  dropoffLocation: '100 Wilshire Blvd, Santa Monica',
  vehicleName: 'Executive Sedan',
  onPlan: false,
  planTransfer: '0.00',
  extras: '0.00',
  finalAmount: '100.00',
  settled: true,
  ...overrides,
});

/** The total due as the customers service makes it: the plan's fee plus every ride's final amount. */
function monthOf(rides: CompanyRide[], planFee = '1400.00'): CompanyMonth {
  const ridesCents = rides.reduce((sum, r) => sum + toCents(r.finalAmount), 0);
  const used = rides.filter((r) => r.onPlan).length;
  return {
    companyId: 7,
    companyName: 'Acme Industries, Inc.',
    month: '2026-10',
    transfers: { month: '2026-10', tier: 'professional', included: 20, used, left: 20 - used, expired: 20 - used },
    rides,
    planFee,
    extras: fromCents(rides.reduce((sum, r) => sum + toCents(r.extras), 0)),
    ridesTotal: fromCents(ridesCents),
    totalDue: fromCents(toCents(planFee) + ridesCents),
  };
}

const input = (month: CompanyMonth): StatementInput => ({
  month,
  billingContact: 'Dana Whitfield',
  billingEmail: 'billing@acme-industries.example',
  issuedAt: '2026-11-01T08:00:00.000Z',
  statementId: 31,
});

async function pdfPages(pdf: Buffer): Promise<string[]> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  try {
    return (await extractText(document, { mergePages: false })).text;
  } finally {
    await document.destroy();
  }
}

/** A CSV line's cells (the statement's cells hold no line breaks). */
function csvRows(csv: string): string[][] {
  return csv
    .trimEnd()
    .split('\r\n')
    .map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].slice(0, -1).map(([, cell]) => (cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell)));
}

// Amounts a float would get wrong: 0.1 + 0.2, 1.005, and many small cents summed.
const SEVERAL = [
  ride(1, { onPlan: true, planTransfer: '185.00', extras: '0.00', finalAmount: '0.00' }),
  ride(2, { onPlan: true, planTransfer: '185.00', extras: '25.10', finalAmount: '25.10', passenger: 'José Núñez' }),
  ride(3, { extras: '0.20', finalAmount: '210.30' }),
  ride(4, { extras: '15.05', finalAmount: '1001.05', dropoffLocation: null, vehicleName: 'Sprinter Van' }),
  ride(5, { finalAmount: '0.07', passenger: '=HYPERLINK("x")' }),
  ride(6, { extras: '0.01', finalAmount: '99.99', settled: false, status: 'confirmed', passenger: '王小明' }),
];

describe('monthly statement files', () => {
  it('shows every ride reference, each final amount and the total due in the PDF', async () => {
    const month = monthOf(SEVERAL);
    const pdf = await statementPdf(input(month));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfPages(pdf)).join('\n');
    for (const r of SEVERAL) {
      expect(text).toContain(r.reference);
      expect(text).toContain(dollars(r.finalAmount));
    }
    expect(month.totalDue).toBe('2736.51');
    expect(text).toContain('$2,736.51');
    expect(text).toContain('Acme Industries, Inc.');
    expect(text).toContain('Dana Whitfield');
    expect(text).toContain('October 2026');
    expect(text).toContain('Professional');
    expect(text).toContain('Plan transfer');
    expect(text).toContain('José Núñez');
    // Characters the standard fonts cannot show become "?", never a wrong glyph.
    expect(text).toContain('???');
  });

  it('writes a CSV whose ride amounts and plan fee add up to the total due, to the cent', () => {
    const month = monthOf(SEVERAL);
    const rows = csvRows(statementCsv(input(month)));
    expect(rows[0]).toEqual(['Date', 'Time', 'Reference', 'Booked by', 'Passenger', 'Route', 'Vehicle', 'Transfer', 'Extras', 'Final amount']);
    const rides = rows.slice(1, 1 + SEVERAL.length);
    expect(rides.map((r) => r[2])).toEqual(SEVERAL.map((r) => r.reference));
    expect(rides[0][7]).toBe('Plan transfer');
    expect(rides[2].slice(7)).toEqual(['210.10', '0.20', '210.30']);
    expect(rides[1][5]).toBe('LAX Terminal 4, 1 World Way, Los Angeles → 100 Wilshire Blvd, Santa Monica');
    // A passenger name that a spreadsheet would run as a formula is kept as text.
    expect(rides[4][4]).toBe(`'=HYPERLINK("x")`);
    const summary = new Map(rows.slice(2 + SEVERAL.length).map(([label, value]) => [label, value]));
    expect(summary.get('Transfers included')).toBe('20');
    expect(summary.get('Transfers used')).toBe('2');
    expect(summary.get('Transfers expired')).toBe('18');
    expect(summary.get('Plan fee')).toBe('1400.00');
    expect(summary.get('Rides total')).toBe('1336.51');
    const sum = rides.reduce((cents, r) => cents + toCents(r[9]), toCents(summary.get('Plan fee')!));
    expect(fromCents(sum)).toBe(summary.get('Total due'));
    expect(summary.get('Total due')).toBe(month.totalDue);
  });

  it('runs a long month over several pages and keeps every reference', async () => {
    const rides = Array.from({ length: 60 }, (_, i) => ride(i + 1, { reference: `LX-${(i + 10).toString(30).toUpperCase().padStart(2, 'Z')}M${i % 10}Q`, finalAmount: `${100 + i}.${String(i).padStart(2, '0')}` }));
    const pdf = await statementPdf(input(monthOf(rides)));
    const pages = await pdfPages(pdf);
    expect(pages.length).toBeGreaterThan(1);
    const text = pages.join('\n');
    for (const r of rides) expect(text).toContain(r.reference);
    // The table's header is repeated on each page the rides run over.
    for (const page of pages.slice(0, -1)) expect(page).toContain('Reference');
    expect(pages.at(-1)).toContain(dollars(monthOf(rides).totalDue));
    expect(pages[0]).toContain(`Page 1 of ${pages.length}`);
  });

  it('refuses a month whose total due is not its plan fee plus its rides', async () => {
    const month = { ...monthOf(SEVERAL), totalDue: '2736.50' };
    expect(() => statementCsv(input(month))).toThrow(/total due says 2736.50/);
    await expect(statementPdf(input(month))).rejects.toThrow(/total due says 2736.50/);
  });
});
