import { statementEmail, statementFileName } from './statement-email.js';

describe('the statement email', () => {
  it('names its files after the company and month, in plain letters', () => {
    expect(statementFileName({ companyId: 4, companyName: 'Acme Industries, Inc.', month: '2026-10' })).toBe('prestige-limo-statement-acme-industries-inc-2026-10');
    expect(statementFileName({ companyId: 4, companyName: 'Café Noël & Söhne', month: '2027-01' })).toBe('prestige-limo-statement-cafe-noel-sohne-2027-01');
    expect(statementFileName({ companyId: 4, companyName: '株式会社', month: '2027-01' })).toBe('prestige-limo-statement-company-4-2027-01');
  });

  it('greets the billing contact and gives the month, the total due and how payment is arranged', () => {
    const email = statementEmail({ companyId: 4, companyName: 'Acme <Industries>', billingContact: 'Dana Whitfield', month: '2026-02', totalDue: '1400.07' });
    expect(email.subject).toBe('Your Prestige Limo statement for February 2026');
    expect(email.text).toMatch(/^Dear Dana Whitfield,/);
    expect(email.text).toMatch(/Total due:\s+\$1400\.07/);
    expect(email.text).toContain('Payment is arranged offline with our billing team');
    expect(email.html).toContain('Acme &lt;Industries&gt;');
  });
});
