import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AdminCustomer } from '@limo/contracts/customers/loyalty';
import { DataTable, type Column } from '../../ui/DataTable';
import { EmailAddress } from '../../ui/EmailAddress';
import { EmptyPanel, LoadingPanel } from '../../ui/StatePanels';
import { formatBusinessDay } from '../../lib/format';
import { useDocumentMeta } from '../../lib/use-document-title';
import { AdminErrorPanel } from '../components/AuthErrorPanel';
import { SearchField } from '../components/SearchField';
import { CreditDialog } from './CreditDialog';
import './customers.css';

const columns = (onCredit: (email: string) => void): Column<AdminCustomer>[] => [
  // Wide enough that a phone breaks an address before its '@' or a '.', not every few letters.
  { header: 'Email', rowHeader: true, cell: (c) => <EmailAddress email={c.email} />, cellClass: () => 'customers-email' },
  { header: 'Name', cell: (c) => c.name ?? <span className="muted">Not given</span> },
  { header: 'Completed airport rides', numeric: true, cell: (c) => c.completedAirportRides },
  {
    header: 'Free rides available',
    numeric: true,
    cell: (c) => (c.availableRewards > 0 && c.nextRewardExpiresAt ? `${c.availableRewards} (first expires ${formatBusinessDay(c.nextRewardExpiresAt)})` : c.availableRewards),
  },
  { header: 'VIP', cell: (c) => (c.vip ? <span className="badge badge-yellow">VIP</span> : <span className="muted">No</span>) },
  { header: 'Account since', cell: (c) => formatBusinessDay(c.createdAt) },
  {
    header: 'Refer & Fly',
    cell: (c) => (
      <button type="button" className="btn btn-outline btn-sm" onClick={() => onCredit(c.email)} aria-label={`Credit of ${c.email}`}>
        Credit
      </button>
    ),
  },
];

/**
 * The customer accounts with their Next One's on Us figures: completed airport rides, free
 * rides available and VIP (from 10 rides). A search of the email or name applies when submitted.
 * Each customer's Credit opens their Refer & Fly ledger, where the admin can adjust it.
 */
export default function AdminCustomersPage() {
  useDocumentMeta('Customers', 'Customer accounts, their completed airport rides, free rides and VIP.');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [creditOf, setCreditOf] = useState<string | null>(null);
  const customers = useQuery<AdminCustomer[]>({ queryKey: ['/api/admin/customers', ...(search ? [{ search }] : [])] });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim());
  };
  return (
    <section className="admin-page" aria-labelledby="customers-heading">
      <header className="admin-page-header">
        <div>
          <h1 id="customers-heading">Customers</h1>
          <p className="muted">Accounts, their completed airport rides, free rides earned and VIP.</p>
        </div>
      </header>
      <form className="customers-search" role="search" aria-label="Find customers" onSubmit={submit}>
        <SearchField id="customers-search" value={typed} placeholder="Email or name" onChange={setTyped} />
      </form>
      {customers.isLoading ? (
        <LoadingPanel label="Loading customers..." />
      ) : customers.isError ? (
        <AdminErrorPanel title="Unable to Load Customers" error={customers.error} />
      ) : !customers.data?.length ? (
        <EmptyPanel message={search ? 'No customer matches this search.' : 'No customer accounts yet.'} />
      ) : (
        <DataTable caption="Customer accounts" columns={columns(setCreditOf)} rows={customers.data} rowKey={(c) => c.email} testId="customers-table" />
      )}
      <CreditDialog email={creditOf} onClose={() => setCreditOf(null)} />
    </section>
  );
}
