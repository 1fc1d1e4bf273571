import { csvFilename, defaultCsvFilename } from './report-download';

describe('report CSV file names', () => {
  it('names a report by its slug and the Los Angeles date', () => {
    // 03:00 UTC on the 15th is still the 14th in Los Angeles.
    expect(defaultCsvFilename('Revenue Report', new Date('2025-06-15T03:00:00Z'))).toBe('revenue-report-2025-06-14.csv');
    expect(defaultCsvFilename('Customer Analytics!', new Date('2025-06-15T12:00:00Z'))).toBe('customer-analytics-2025-06-15.csv');
    expect(defaultCsvFilename('***', new Date('2025-06-15T12:00:00Z'))).toBe('report-2025-06-15.csv');
  });

  it("prefers the server's Content-Disposition name", () => {
    expect(csvFilename('attachment; filename="revenue-2025.csv"', 'x.csv')).toBe('revenue-2025.csv');
    expect(csvFilename("attachment; filename*=UTF-8''drivers%20report.csv", 'x.csv')).toBe('drivers report.csv');
    expect(csvFilename('attachment; filename=routes', 'x.csv')).toBe('routes.csv');
  });

  it('never lets the server name escape to a path or a hidden file', () => {
    expect(csvFilename('attachment; filename="../../etc/passwd.csv"', 'x.csv')).toBe('passwd.csv');
    expect(csvFilename('attachment; filename=".hidden"', 'x.csv')).toBe('x.csv');
    expect(csvFilename(null, 'fallback.csv')).toBe('fallback.csv');
    expect(csvFilename('attachment', 'fallback.csv')).toBe('fallback.csv');
  });
});
