import { useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreditAdjustment, CreditLedger } from '@limo/contracts/customers/credits';
import { apiRequest, serverMessage } from '../../lib/api';
import { newIdempotencyKey } from '../../lib/idempotency';
import { formatBusinessDay, formatMoney } from '../../lib/format';
import { useToast } from '../../lib/toast';
import { CreditLedgerEntries } from '../../components/credit-ledger/CreditLedgerEntries';
import { Dialog } from '../../ui/Dialog';
import { LoadingPanel } from '../../ui/StatePanels';
import { AdminErrorPanel } from '../components/AuthErrorPanel';
import { adjustmentAmount } from './credit-adjustment';

const ledgerKey = (email: string) => ['/api/admin/customers/ledger', { email }] as const;

/**
 * A customer's Refer & Fly credit (GET /api/admin/customers/ledger): available, held, the next to
 * expire and every entry; and an adjustment (+ adds, − takes) with its reason, which the ledger
 * keeps with the admin's name. The server's 400s (below $0.00, no reason) show under the form.
 */
export function CreditDialog({ email, onClose }: { email: string | null; onClose: () => void }) {
  return (
    <Dialog open={email !== null} onClose={onClose} title="Refer & Fly credit" description={email ?? undefined} size="lg">
      {/* Drawn only while open: each opening reads the ledger afresh and starts an empty form. */}
      {email !== null && <CreditLedgerView email={email} />}
    </Dialog>
  );
}

function CreditLedgerView({ email }: { email: string }) {
  const ledger = useQuery<CreditLedger>({ queryKey: ledgerKey(email), staleTime: 0 });
  if (ledger.isPending) return <LoadingPanel label="Loading the credit..." />;
  if (ledger.isError) return <AdminErrorPanel title="Unable to Load the Credit" error={ledger.error} />;
  const { available, reserved, nextExpiry, entries } = ledger.data;
  return (
    <>
      <dl className="credit-summary">
        <div>
          <dt>Available</dt>
          <dd data-testid="credit-available">{formatMoney(available)}</dd>
        </div>
        <div>
          <dt>Held for bookings</dt>
          <dd>{formatMoney(reserved)}</dd>
        </div>
        <div>
          <dt>Next expiry</dt>
          <dd>{nextExpiry ? `${formatMoney(nextExpiry.amount)} on ${formatBusinessDay(nextExpiry.at)}` : 'None'}</dd>
        </div>
      </dl>
      <AdjustForm email={email} />
      <h3 className="credit-ledger-heading">Ledger</h3>
      <CreditLedgerEntries entries={entries} caption={`Credit ledger of ${email}`} />
    </>
  );
}

function AdjustForm({ email }: { email: string }) {
  const id = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  // The same adjustment sent again (its answer lost, the admin pressing again) keeps its key, so it is made once.
  const last = useRef<{ body: string; key: string } | null>(null);
  const adjust = useMutation({
    mutationFn: async (adjustment: CreditAdjustment) => {
      // The server knows an adjustment by its email and amount: a reason edited before pressing again is the same adjustment.
      const body = JSON.stringify({ email: adjustment.email, amount: adjustment.amount });
      if (last.current?.body !== body) last.current = { body, key: newIdempotencyKey() };
      const res = await apiRequest('POST', '/api/admin/customers/ledger/adjustments', adjustment, { 'Idempotency-Key': last.current.key });
      return (await res.json()) as CreditLedger;
    },
    onSuccess: (ledger) => {
      last.current = null;
      queryClient.setQueryData(ledgerKey(email), ledger);
      toast({ title: 'Credit Adjusted', description: `${email} now has ${formatMoney(ledger.available)} available.` });
      setAmount('');
      setReason('');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    adjust.mutate({ email, amount: adjustmentAmount(amount), reason });
  };
  return (
    <form className="credit-adjust" onSubmit={submit} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Adjust the credit</h3>
      <div className="credit-adjust-fields">
        <div className="field">
          <label htmlFor={`${id}-amount`}>Amount</label>
          <input id={`${id}-amount`} inputMode="decimal" value={amount} placeholder="10.00 or -5.00" onChange={(e) => setAmount(e.target.value)} required />
          <p className="field-hint">A plus amount adds credit, a minus amount takes it.</p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-reason`}>Reason</label>
          <input id={`${id}-reason`} value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} required />
        </div>
      </div>
      {adjust.isError && (
        <p className="account-message credit-adjust-error" role="alert" data-testid="credit-adjust-error">
          {serverMessage(adjust.error) ?? 'The credit could not be adjusted. Please try again.'}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={adjust.isPending}>
        {adjust.isPending ? 'Saving...' : 'Adjust Credit'}
      </button>
    </form>
  );
}
