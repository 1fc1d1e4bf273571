import { useQuery } from '@tanstack/react-query';
import type { AccountCompanyMonth, BookerCompany } from '@limo/contracts/customers/companies';
import { CompanyMonthView } from '../components/company-month/CompanyMonthView';
import { currentMonth, monthLabel, monthsUpTo, shiftMonth } from '../components/company-month/company-month';
import { useBookerCompany } from '../lib/customer-account';
import { SectionState } from './SectionState';

/** How many ended months a company admin is offered statements of. */
const STATEMENT_MONTHS = 6;

/**
 * The account's Company section, for a customer who books for a company: its name, their role,
 * this month's transfers, the rides (their own; every ride with a Track link for a company admin)
 * and, for a company admin, the statements of the months before. Nothing at all for anyone else.
 */
export function CompanySection() {
  const company = useBookerCompany(true);
  // A failure here leaves the rest of the account as it is: the section is an addition.
  if (!company.data) return null;
  return <CompanyCard company={company.data} />;
}

function CompanyCard({ company }: { company: BookerCompany }) {
  const admin = company.role === 'company-admin';
  const month = currentMonth();
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
      <h3 className="refer-subheading">{admin ? 'Rides of the company' : 'Your rides for the company'} this month</h3>
      {rides.isPending || rides.isError ? <SectionState failed={rides.isError} what="company rides" /> : <CompanyMonthView month={rides.data} showTrack={admin} showTotals={admin} />}
      {admin && (
        <>
          <h3 className="refer-subheading">Statements</h3>
          <ul className="company-statement-links">
            {monthsUpTo(shiftMonth(month, -1), STATEMENT_MONTHS).map((m) => (
              <li key={m}>
                <span>{monthLabel(m)}</span>
                <a className="btn btn-outline btn-sm" href={`/api/account/company/statements/${m}.pdf`} download aria-label={`${monthLabel(m)} statement (PDF)`}>
                  PDF
                </a>
                <a className="btn btn-outline btn-sm" href={`/api/account/company/statements/${m}.csv`} download aria-label={`${monthLabel(m)} statement (CSV)`}>
                  CSV
                </a>
              </li>
            ))}
          </ul>
          <p className="muted">A month without a plan has no statement.</p>
        </>
      )}
    </section>
  );
}
