/** @jest-environment jsdom */
import { screen, within } from '@testing-library/react';
import type { Company, CompanyMonth, CompanySummary } from '@limo/contracts/customers/companies';
import { renderWithApp } from '../../test-support/render';
import { currentMonth } from '../../components/company-month/company-month';
import AdminCompaniesPage from './AdminCompaniesPage';

const month = currentMonth();
const summary: CompanySummary = { id: 5, name: 'Acme Travel', billingEmail: 'ap@acme.example', tier: 'starter', transfersLeft: 7, bookers: 2 };
const company: Company = {
  id: 5,
  name: 'Acme Travel',
  billingContact: 'Bea Billing',
  billingEmail: 'ap@acme.example',
  createdAt: '2026-01-05T18:00:00.000Z',
  plan: [{ tier: 'starter', fromMonth: '2026-01', toMonth: null, askedBy: 'admin', askedAt: '2026-01-05T18:00:00.000Z' }],
  changeableFrom: '2026-07',
  bookers: [
    { email: 'bea@acme.example', role: 'booker', addedAt: '2026-01-05T18:00:00.000Z' },
    { email: 'max@acme.example', role: 'company-admin', addedAt: '2026-01-05T18:00:00.000Z' },
  ],
};
const companyMonth: CompanyMonth = {
  companyId: 5,
  companyName: 'Acme Travel',
  month,
  transfers: { month, tier: 'starter', included: 10, used: 3, left: 7, expired: null },
  rides: [],
  planFee: '750.00',
  extras: '0.00',
  ridesTotal: '0.00',
  totalDue: '750.00',
};

describe("the admin's Companies page", () => {
  it("lists the companies with this month's plan, transfers left and bookers", async () => {
    renderWithApp(<AdminCompaniesPage />, { path: '/admin/companies', queryData: { '/api/admin/companies': [summary] } });
    const table = await screen.findByTestId('companies-table');
    const row = within(table).getByRole('row', { name: /Acme Travel/ });
    expect(row.textContent).toContain('Starter');
    expect(row.textContent).toContain('7');
    expect(within(row).getByRole('button', { name: 'Open Acme Travel' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Company' })).toBeTruthy();
  });

  it('shows one company: its details, plan and when it may change, its bookers and this month', async () => {
    renderWithApp(<AdminCompaniesPage />, {
      path: '/admin/companies?id=5',
      queryData: { '/api/admin/companies/5': company, [`/api/admin/companies/5/months/${month}`]: companyMonth, '/api/admin/companies/5/statements': [] },
    });
    const view = await screen.findByTestId('company-view');
    expect((within(view).getByLabelText(/^Billing contact/) as HTMLInputElement).value).toBe('Bea Billing');
    expect(screen.getByTestId('company-plan').textContent).toContain('Starter from January 2026');
    expect(view.textContent).toContain('may change or end from July 2026');
    const bookers = screen.getByTestId('company-bookers');
    expect(within(bookers).getByText('Company admin')).toBeTruthy();
    expect(within(bookers).getByRole('button', { name: 'Remove bea@acme.example' })).toBeTruthy();
    expect((await screen.findByTestId('company-transfers')).textContent).toBe('7 of 10 left (3 used)');
    expect(screen.getByTestId('company-total-due').textContent).toBe('$750.00');
    // This month has not ended: no statement to download yet.
    expect(screen.queryByRole('button', { name: 'Statement (PDF)' })).toBeNull();
  });
});
