/** @jest-environment jsdom */
import { act, screen, within } from '@testing-library/react';
import type { AccountCompanyMonth, BookerCompany } from '@limo/contracts/customers/companies';
import { renderWithApp } from '../test-support/render';
import { currentMonth } from '../components/company-month/company-month';
import { CompanySection } from './CompanySection';

const month = currentMonth();
const company = (role: BookerCompany['role']): BookerCompany => ({
  companyId: 3,
  companyName: 'Acme Travel',
  role,
  transfers: { month, tier: 'starter', included: 10, used: 6, left: 4, expired: null },
});
const ride = (bookingId: number, bookedBy: string, trackLink: string | null) => ({
  bookingId,
  reference: `LX-00${bookingId}`,
  status: 'confirmed' as const,
  pickupDate: `${month}-20`,
  pickupTime: '09:00',
  bookedBy,
  passenger: 'Pat Passenger',
  passengerPhone: '(310) 555-0101',
  pickupLocation: 'LAX',
  dropoffLocation: 'Downtown Los Angeles',
  vehicleName: 'Executive Sedan',
  onPlan: true,
  planTransfer: '88.00',
  extras: '25.00',
  finalAmount: '25.00',
  settled: false,
  trackLink,
});
const monthOf = (role: BookerCompany['role'], rides: ReturnType<typeof ride>[]): AccountCompanyMonth => ({
  companyId: 3,
  companyName: 'Acme Travel',
  month,
  role,
  transfers: company(role).transfers,
  rides,
  planFee: '750.00',
  extras: '25.00',
  ridesTotal: '25.00',
  totalDue: '775.00',
});

describe("the account's Company section", () => {
  it('shows nothing to a customer who books for no company', async () => {
    const { container } = renderWithApp(<CompanySection />, { queryData: { '/api/account/company': null } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(container.textContent).toBe('');
  });

  it("shows a booker the company, this month's transfers and the rides they booked, without tracking or statements", async () => {
    renderWithApp(<CompanySection />, {
      queryData: { '/api/account/company': company('booker'), [`/api/account/company/months/${month}`]: monthOf('booker', [ride(1, 'bea@acme.example', null)]) },
    });
    const section = await screen.findByTestId('account-company');
    expect(within(section).getByRole('heading', { name: 'Acme Travel' })).toBeTruthy();
    expect(screen.getByTestId('account-company-transfers').textContent).toMatch(/^4 of 10 transfers left in /);
    const rides = await screen.findByTestId('company-rides');
    expect(within(rides).getByText('LX-001')).toBeTruthy();
    expect(within(section).queryByRole('link', { name: /Track/ })).toBeNull();
    expect(within(section).queryByRole('heading', { name: 'Statements' })).toBeNull();
    expect(screen.queryByTestId('company-total-due')).toBeNull();
  });

  it('shows a company admin every ride with its Track link, what is due, and the statements made so far to download', async () => {
    renderWithApp(<CompanySection />, {
      queryData: {
        '/api/account/company': company('company-admin'),
        [`/api/account/company/months/${month}`]: monthOf('company-admin', [ride(1, 'bea@acme.example', '/track?t=abc'), ride(2, 'bo@acme.example', '/track?t=def')]),
        '/api/account/company/statements': [{ id: 9, companyId: 3, month: '2026-10', totalDue: '1203.50', issuedAt: '2026-11-01T08:05:00.000Z' }],
      },
    });
    const rides = await screen.findByTestId('company-rides');
    expect(within(rides).getByRole('link', { name: 'Track LX-002' }).getAttribute('href')).toBe('/track?t=def');
    expect(screen.getByTestId('company-total-due').textContent).toBe('$775.00');
    const statements = await screen.findByTestId('account-company-statements');
    expect(statements.textContent).toContain('October 2026: $1,203.50');
    const pdfs = within(statements).getAllByRole('link', { name: /statement \(PDF\)$/ });
    expect(pdfs.map((link) => link.getAttribute('href'))).toEqual(['/api/account/company/statements/2026-10.pdf']);
  });

  it('tells a company admin when no statement has been made yet, and offers the months ahead for the rides', async () => {
    renderWithApp(<CompanySection />, {
      queryData: {
        '/api/account/company': company('company-admin'),
        [`/api/account/company/months/${month}`]: monthOf('company-admin', []),
        '/api/account/company/statements': [],
      },
    });
    await screen.findByText(/^No statement yet/);
    const months = within(screen.getByTestId('account-company')).getByLabelText('Month') as HTMLSelectElement;
    expect(months.value).toBe(month);
    expect(months.options).toHaveLength(6);
    expect(months.options[0].value > month).toBe(true);
  });
});
