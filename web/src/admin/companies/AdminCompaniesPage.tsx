import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CompanySummary } from '@limo/contracts/customers/companies';
import { EmailAddress } from '../../ui/EmailAddress';
import { DataTable, type Column } from '../../ui/DataTable';
import { Dialog } from '../../ui/Dialog';
import { EmptyPanel, LoadingPanel } from '../../ui/StatePanels';
import { useDocumentMeta } from '../../lib/use-document-title';
import { AdminErrorPanel } from '../components/AuthErrorPanel';
import { tierName } from '../../components/company-month/company-month';
import { CompanyView } from './CompanyView';
import { CreateCompanyForm } from './CreateCompanyForm';
import './companies.css';

const COMPANIES_QUERY = ['/api/admin/companies'] as const;

const columns = (open: (id: number) => void): Column<CompanySummary>[] => [
  { header: 'Company', rowHeader: true, cell: (c) => c.name },
  { header: 'Billing email', cell: (c) => <EmailAddress email={c.billingEmail} /> },
  { header: 'Plan this month', cell: (c) => (c.tier ? tierName(c.tier) : <span className="muted">No plan</span>) },
  { header: 'Transfers left', numeric: true, cell: (c) => c.transfersLeft ?? '—' },
  { header: 'Bookers', numeric: true, cell: (c) => c.bookers },
  {
    header: 'Open',
    cell: (c) => (
      <button type="button" className="btn btn-outline btn-sm" onClick={() => open(c.id)} aria-label={`Open ${c.name}`}>
        Open
      </button>
    ),
  },
];

/**
 * Bundles for Business (issue 37): the companies with this month's plan, transfers left and
 * bookers; Create Company; and one company (?id=) with its details, bookers, plan, months and
 * statements.
 */
export default function AdminCompaniesPage() {
  useDocumentMeta('Companies', 'Business accounts: their plans, bookers, transfers and statements.');
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const selected = Number(params.get('id')) || null;
  const open = (id: number | null) => setParams(id ? { id: String(id) } : {});
  const companies = useQuery<CompanySummary[]>({ queryKey: COMPANIES_QUERY, enabled: selected === null });
  return (
    <section className="admin-page" aria-labelledby="companies-heading">
      <header className="admin-page-header">
        <div>
          <h1 id="companies-heading">Companies</h1>
          <p className="muted">Bundles for Business: each company's plan, bookers, transfers and monthly statements.</p>
        </div>
        {selected === null && (
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            Create Company
          </button>
        )}
      </header>
      {selected !== null ? (
        <CompanyView id={selected} />
      ) : companies.isLoading ? (
        <LoadingPanel label="Loading companies..." />
      ) : companies.isError ? (
        <AdminErrorPanel title="Unable to Load Companies" error={companies.error} />
      ) : !companies.data?.length ? (
        <EmptyPanel message="No companies yet: Create Company adds the first." />
      ) : (
        <DataTable caption="Companies" columns={columns(open)} rows={companies.data} rowKey={(c) => c.id} testId="companies-table" />
      )}
      <Dialog open={creating} onClose={() => setCreating(false)} title="Create Company" description="The company, its billing contact and its plan." size="lg">
        {creating && (
          <CreateCompanyForm
            onCreated={(id) => {
              setCreating(false);
              open(id);
            }}
          />
        )}
      </Dialog>
    </section>
  );
}
