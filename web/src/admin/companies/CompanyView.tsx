import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CompanyDetails,
  PLAN_TIERS,
  PLANS,
  type BookerInput,
  type BookerRole,
  type Company,
  type CompanyMonth,
  type PlanChange,
  type PlanTier,
  type StatementSummary,
} from '@limo/contracts/customers/companies';
import { monthLabel } from '@limo/contracts/common/business-time';
import { apiJson, serverMessage } from '../../lib/api';
import { formatBusinessDay, formatMoney } from '../../lib/format';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { useToast } from '../../lib/toast';
import { BackLink } from '../../ui/BackLink';
import { LoadingPanel } from '../../ui/StatePanels';
import { CompanyDetailsFields } from './CompanyDetailsFields';
import { CompanyMonthView } from '../../components/company-month/CompanyMonthView';
import { currentMonth, monthEnded, monthsUpTo, periodLine, planEnds, shiftMonth, tierName } from '../../components/company-month/company-month';
import { AdminErrorPanel } from '../components/AuthErrorPanel';
import { downloadFile } from '../reports/report-download';
import { planFigures } from './CreateCompanyForm';

const companyPath = (id: number) => `/api/admin/companies/${id}`;
/** How many months after this one (or the plan's start) the month picker offers. */
const MONTHS_AHEAD = 3;

/** One company: its details, bookers, plan, a month's transfers and rides, and its statements. */
export function CompanyView({ id }: { id: number }) {
  const company = useQuery<Company>({ queryKey: [companyPath(id)], staleTime: 0 });
  if (company.isPending) return <LoadingPanel label="Loading the company..." />;
  if (company.isError) return <AdminErrorPanel title="Unable to Load the Company" error={company.error} />;
  const c = company.data;
  return (
    <div className="company-view" data-testid="company-view">
      <BackLink to="/admin/companies">All companies</BackLink>
      <h2 className="company-title">{c.name}</h2>
      <div className="company-grid">
        <DetailsCard company={c} />
        <PlanCard company={c} />
      </div>
      <BookersCard company={c} />
      <MonthCard company={c} />
    </div>
  );
}

/** The admin's calls on one company answer the company as it now is: the page shows it and the list is read again. */
function useCompanyChange<Body>(id: number, method: string, path: string | ((body: Body) => string), onDone?: (company: Company) => void, bodyInPath = false) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => apiJson<Company>(method, `${companyPath(id)}${typeof path === 'function' ? path(body) : path}`, bodyInPath ? undefined : body),
    onSuccess: (company) => {
      queries.setQueryData([companyPath(id)], company);
      void queries.invalidateQueries({ queryKey: ['/api/admin/companies'], exact: true });
      onDone?.(company);
    },
  });
}

function ErrorLine({ error, fallback }: { error: unknown; fallback: string }) {
  return (
    <p className="account-message company-error" role="alert">
      {serverMessage(error) ?? fallback}
    </p>
  );
}

function DetailsCard({ company }: { company: Company }) {
  const id = useId();
  const toast = useToast();
  const form = useSchemaForm(CompanyDetails, { name: company.name, billingContact: company.billingContact, billingEmail: company.billingEmail });
  const save = useCompanyChange<CompanyDetails>(company.id, 'PATCH', '', () => toast({ title: 'Company Saved', description: 'Its details are changed.' }));
  return (
    <section className="card company-card" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Details</h3>
      <form ref={form.ref} onSubmit={form.submit((details) => save.mutate(details))} noValidate>
        <CompanyDetailsFields idPrefix={id} form={form} />
        {save.isError && <ErrorLine error={save.error} fallback="The details could not be saved. Please try again." />}
        <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Details'}
        </button>
      </form>
      <p className="muted company-since">Customer since {formatBusinessDay(company.createdAt)}</p>
    </section>
  );
}

function PlanCard({ company }: { company: Company }) {
  const id = useId();
  const toast = useToast();
  const current = company.plan.at(-1)!;
  const [tier, setTier] = useState<PlanTier>(current.tier);
  const ends = planEnds(company.plan);
  const change = useCompanyChange<PlanChange>(company.id, 'POST', '/plan', (after) => {
    const last = after.plan.at(-1)!;
    toast({
      title: 'Plan Changed',
      description: last.toMonth ? `The plan ends after ${monthLabel(last.toMonth)}.` : `${tierName(last.tier)} from ${monthLabel(last.fromMonth)}.`,
    });
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ tier });
  };
  return (
    <section className="card company-card" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Plan</h3>
      <ul className="company-periods" data-testid="company-plan">
        {company.plan.map((period) => (
          <li key={`${period.fromMonth}-${period.tier}`}>
            {periodLine(period)} <span className="muted">({planFigures(period.tier)})</span>
          </li>
        ))}
      </ul>
      <p className="muted">
        {ends ? `Cancelled: the plan ends after ${monthLabel(ends)}.` : `The plan may change or end from ${monthLabel(company.changeableFrom)} (6-month minimum), with 30 days notice.`}
      </p>
      {!ends && (
        <form onSubmit={submit} className="company-plan-change">
          <div className="field compact-field">
            <label htmlFor={`${id}-tier`}>New plan</label>
            <select id={`${id}-tier`} value={tier} onChange={(e) => setTier(e.target.value as PlanTier)}>
              {PLAN_TIERS.map((t) => (
                <option key={t} value={t}>
                  {PLANS[t].name} ({formatMoney(PLANS[t].monthlyFee)}, {PLANS[t].transfers} transfers)
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-primary btn-sm" disabled={change.isPending}>
            Change Plan
          </button>
          <button type="button" className="btn btn-outline btn-sm" disabled={change.isPending} onClick={() => change.mutate({ cancel: true })}>
            Cancel Plan
          </button>
        </form>
      )}
      {change.isError && <ErrorLine error={change.error} fallback="The plan could not be changed. Please try again." />}
    </section>
  );
}

function BookersCard({ company }: { company: Company }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<BookerRole>('booker');
  const add = useCompanyChange<BookerInput>(company.id, 'POST', '/bookers', () => setEmail(''));
  const removing = useCompanyChange<string>(company.id, 'DELETE', (who) => `/bookers/${encodeURIComponent(who)}`, undefined, true);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ email: email.trim(), role });
  };
  return (
    <section className="card company-card" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Bookers</h3>
      <p className="muted">A booker signs in with this email and books on the company; a company admin also sees every ride, follows them live and downloads the statements.</p>
      {company.bookers.length === 0 ? (
        <p className="muted">No bookers yet.</p>
      ) : (
        <ul className="company-bookers" data-testid="company-bookers">
          {company.bookers.map((b) => (
            <li key={b.email}>
              <span className="company-booker-email">{b.email}</span>
              <span className={b.role === 'company-admin' ? 'badge badge-yellow' : 'badge'}>{b.role === 'company-admin' ? 'Company admin' : 'Booker'}</span>
              <button type="button" className="btn btn-outline btn-sm" onClick={() => removing.mutate(b.email)} disabled={removing.isPending} aria-label={`Remove ${b.email}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="company-add-booker" onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input id={`${id}-email`} type="email" value={email} maxLength={254} onChange={(e) => setEmail(e.target.value)} required />
        </div>
        <div className="field compact-field">
          <label htmlFor={`${id}-role`}>Role</label>
          <select id={`${id}-role`} value={role} onChange={(e) => setRole(e.target.value as BookerRole)}>
            <option value="booker">Booker</option>
            <option value="company-admin">Company admin</option>
          </select>
        </div>
        <button type="submit" className="btn btn-primary btn-sm" disabled={add.isPending}>
          Add Booker
        </button>
      </form>
      {add.isError && <ErrorLine error={add.error} fallback="The booker could not be added. Please try again." />}
      {removing.isError && <ErrorLine error={removing.error} fallback="The booker could not be removed. Please try again." />}
    </section>
  );
}

function MonthCard({ company }: { company: Company }) {
  const id = useId();
  const toast = useToast();
  const now = currentMonth();
  const start = company.plan[0].fromMonth;
  const first = start < now ? start : now;
  // Rides are booked months ahead: the months to come are offered too (their transfers already in use).
  const last = shiftMonth(start > now ? start : now, MONTHS_AHEAD);
  const months = monthsUpTo(last, Math.min(24 + MONTHS_AHEAD, monthsBetween(first, last) + 1));
  const [month, setMonth] = useState(start > now ? start : now);
  const view = useQuery<CompanyMonth>({ queryKey: [`${companyPath(company.id)}/months/${month}`], staleTime: 0 });
  const statements = useQuery<StatementSummary[]>({ queryKey: [`${companyPath(company.id)}/statements`], staleTime: 0 });
  const download = (file: string) =>
    downloadFile(`${companyPath(company.id)}/statements/${file}`, `statement-${file}`, file.endsWith('.pdf') ? 'application/pdf' : 'text/csv', file.slice(-4))
      // The first download of a month makes its statement: listed below from then on.
      .then(() => void statements.refetch())
      .catch((error: unknown) =>
      toast({ title: 'Download Failed', description: serverMessage(error) ?? 'The statement could not be downloaded. Please try again.', variant: 'destructive' }),
    );
  return (
    <section className="card company-card" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Transfers and rides</h3>
      <div className="company-month-head">
        <div className="field compact-field">
          <label htmlFor={`${id}-month`}>Month</label>
          <select id={`${id}-month`} value={month} onChange={(e) => setMonth(e.target.value)}>
            {months.map((m) => (
              <option key={m} value={m}>
                {monthLabel(m)}
              </option>
            ))}
          </select>
        </div>
        {monthEnded(month) && (
          <div className="company-downloads">
            <button type="button" className="btn btn-outline btn-sm" onClick={() => void download(`${month}.pdf`)}>
              Statement (PDF)
            </button>
            <button type="button" className="btn btn-outline btn-sm" onClick={() => void download(`${month}.csv`)}>
              Statement (CSV)
            </button>
          </div>
        )}
      </div>
      {view.isPending ? <LoadingPanel label="Loading the month..." /> : view.isError ? <AdminErrorPanel title="Unable to Load the Month" error={view.error} /> : <CompanyMonthView month={view.data} />}
      <h3 className="company-statements-heading">Statements</h3>
      {statements.data?.length ? (
        <ul className="company-statements" data-testid="company-statements">
          {statements.data.map((s) => (
            <li key={s.id}>
              <span>
                {monthLabel(s.month)}: {formatMoney(s.totalDue)} <span className="muted">(issued {formatBusinessDay(s.issuedAt)})</span>
              </span>
              <button type="button" className="btn btn-outline btn-sm" onClick={() => void download(`${s.month}.pdf`)} aria-label={`${monthLabel(s.month)} statement (PDF)`}>
                PDF
              </button>
              <button type="button" className="btn btn-outline btn-sm" onClick={() => void download(`${s.month}.csv`)} aria-label={`${monthLabel(s.month)} statement (CSV)`}>
                CSV
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{statements.isError ? 'The statements could not be loaded.' : `No statement yet: the first is made on the 1st of ${monthLabel(shiftMonth(company.plan[0].fromMonth, 1))}.`}</p>
      )}
    </section>
  );
}

const monthsBetween = (from: string, to: string) => {
  const [fy, fm] = from.split('-').map(Number);
  const [ty, tm] = to.split('-').map(Number);
  return (ty - fy) * 12 + (tm - fm);
};
