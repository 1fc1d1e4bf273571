import { StatementFileParam, statementFilename } from './statement-file.js';

describe("a statement's file in its path and as a download", () => {
  it('reads the month and the format, and refuses anything else', () => {
    expect(StatementFileParam.parse('2026-10.pdf')).toEqual({ month: '2026-10', format: 'pdf' });
    expect(StatementFileParam.parse('2026-01.csv')).toEqual({ month: '2026-01', format: 'csv' });
    for (const bad of ['2026-13.pdf', '2026-10.PDF', '2026-10.xls', '2026-10', '../2026-10.pdf', '2026-10.pdf.exe']) {
      expect(StatementFileParam.safeParse(bad).success).toBe(false);
    }
  });

  it('names the download with plain ASCII the header can carry', () => {
    expect(statementFilename('Acme Corp.', '2026-10', 'pdf')).toBe('Acme-Corp-statement-2026-10.pdf');
    expect(statementFilename('Café "Zürich"\r\nX', '2026-10', 'csv')).toBe('Cafe-Zurich-X-statement-2026-10.csv');
    expect(statementFilename('株式会社', '2026-10', 'csv')).toBe('company-statement-2026-10.csv');
  });
});
