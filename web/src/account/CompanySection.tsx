import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { monthLabel } from '@limo/contracts/common/business-time';
import type { AccountCompanyMonth, BookerCompany, StatementSummary } from '@limo/contracts/customers/companies';
import { CompanyMonthView } from '../components/company-month/CompanyMonthView';
import { currentMonth, monthsUpTo, shiftMonth } from '../components/company-month/company-month';
import { formatMoney } from '../lib/format';
import { useBookerCompany } from '../lib/customer-account';
import { SectionState } from './SectionState';

/** The months the rides can be looked at for: three back, and two ahead (rides are booked ahead). */
const MONTHS_BACK = 3;
const MONTHS_AHEAD = 2;

/**
 * The account's Company section, for a customer who books for a company: its name, their role,
 * this month's transfers, a month's rides (their own; every ride with a Track link for a company
 * admin) and, for a company admin, the statements made so far. Nothing at all for anyone else.
 */
export function CompanySection() {
  const company = useBookerCompany(true);
  // A failure here leaves the rest of the account as it is: the section is an addition.
  if (!company.data) return null;
  return <CompanyCard company={company.data} />;
}

function CompanyCard({ company }: { company: BookerCompany }) {
  const id = useId();
  const admin = company.role === 'company-admin';
  const now = currentMonth();
  const [month, setMonth] = useState(now);
  const rides = useQuery<AccountCompanyMonth>({ queryKey: [`/api/account/company/months/${month}`], staleTime: 0 });
  const t = company.transfers;
  return (
    <section className="card company-section" aria-labelledby="company-heading" data-testid="account-company">
      <h2 id="company-heading">{company.companyName}</h2>
      <p className="muted">
        {admin ? 'Company admin: you see every ride of the company and can follow any of them live.' : 'Booker: you book rides on the company and see the ones you booked.'}
      </p>
      <p className="company-transfers" data-testid="account-company-transfers">
        {t.tier ? (
          <>
            <strong>
              {t.left} of {t.included}
            </strong>{' '}
            transfers left in {monthLabel(t.month)}
          </>
        ) : (
          `The company's plan does not cover ${monthLabel(t.month)}: rides are priced as usual and billed to the company.`
        )}
      </p>
      <h3 className="refer-subheading">{admin ? 'Rides of the company' : 'Your rides for the company'}</h3>
      <div className="field compact-field">
        <label htmlFor={`${id}-month`}>Month</label>
        <select id={`${id}-month`} value={month} onChange={(e) => setMonth(e.target.value)}>
          {monthsUpTo(shiftMonth(now, MONTHS_AHEAD), MONTHS_BACK + MONTHS_AHEAD + 1).map((m) => (
            <option key={m} value={m}>
              {monthLabel(m)}
            </option>
          ))}
        </select>
      </div>
      {rides.isPending || rides.isError ? <SectionState failed={rides.isError} what="company rides" /> : <CompanyMonthView month={rides.data} showTrack={admin} showTotals={admin} />}
      {admin && <Statements />}
    </section>
  );
}

/** The statements made so far (on the 1st of each month, once the month's rides are settled), each as PDF and CSV. */
function Statements() {
  const statements = useQuery<StatementSummary[]>({ queryKey: ['/api/account/company/statements'], staleTime: 0 });
  return (
    <>
      <h3 className="refer-subheading">Statements</h3>
      {statements.isPending || statements.isError ? (
        <SectionState failed={statements.isError} what="statements" />
      ) : statements.data.length === 0 ? (
        <p className="muted">No statement yet: each month's is made early in the next month and emailed to the billing contact.</p>
      ) : (
        <ul className="company-statement-links" data-testid="account-company-statements">
          {statements.data.map((s) => (
            <li key={s.month}>
              <span>
                {monthLabel(s.month)}: {formatMoney(s.totalDue)}
              </span>
              <a className="btn btn-outline btn-sm" href={`/api/account/company/statements/${s.month}.pdf`} download aria-label={`${monthLabel(s.month)} statement (PDF)`}>
                PDF
              </a>
              <a className="btn btn-outline btn-sm" href={`/api/account/company/statements/${s.month}.csv`} download aria-label={`${monthLabel(s.month)} statement (CSV)`}>
                CSV
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
