import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { AccountDetails as AccountDetailsBody, type Account } from '@limo/contracts/customers/account';
import { apiJson } from '../lib/api';
import { CUSTOMER_ACCOUNT_QUERY } from '../lib/customer-account';
import { useSchemaForm } from '../lib/forms/use-schema-form';
import { TextField } from '../ui/TextField';
import { Failure } from './SignInForm';

/**
 * The contact details the booking wizard fills in from the account: shown, and edited in place
 * (name and phone; the email is the account). Only Edit saves them, never a booking: anyone may
 * book with any email.
 */
export function AccountDetails({ account }: { account: Account }) {
  const [editing, setEditing] = useState(false);
  return (
    <div className="card account-details">
      <div className="account-details-head">
        <h2>Contact details</h2>
        {!editing && (
          <button type="button" className="btn btn-outline btn-small" onClick={() => setEditing(true)}>
            Edit
          </button>
        )}
      </div>
      {editing ? (
        <DetailsForm account={account} onDone={() => setEditing(false)} />
      ) : (
        <dl className="account-rows">
          <div>
            <dt>Email</dt>
            <dd>{account.email}</dd>
          </div>
          <div>
            <dt>Name</dt>
            <dd>{account.name ?? <span className="muted">Not given yet</span>}</dd>
          </div>
          <div>
            <dt>Phone</dt>
            <dd>{account.phone ?? <span className="muted">Not given yet</span>}</dd>
          </div>
        </dl>
      )}
      {!editing && <p className="muted account-details-note">Saved here, they fill in the booking form for you.</p>}
    </div>
  );
}

function DetailsForm({ account, onDone }: { account: Account; onDone(): void }) {
  const queries = useQueryClient();
  const form = useSchemaForm(AccountDetailsBody, { name: account.name ?? '', phone: account.phone ?? '' });
  const save = useMutation({
    mutationFn: (body: AccountDetailsBody) => apiJson<Account>('PATCH', '/api/account', body),
    onSuccess: (saved) => {
      queries.setQueryData(CUSTOMER_ACCOUNT_QUERY, saved);
      onDone();
    },
  });
  const onSubmit = (event: FormEvent) => form.submit((body) => save.mutateAsync(body).catch(() => undefined))(event);
  return (
    <form ref={form.ref} onSubmit={onSubmit} noValidate aria-busy={save.isPending}>
      <Failure error={save.isError ? save.error : null} />
      <TextField
        id="account-name"
        name="name"
        label="First and last name"
        autoComplete="name"
        required
        value={form.values.name}
        onChange={(e) => form.set('name', e.target.value)}
        error={form.errors.name}
      />
      <TextField
        id="account-phone"
        name="phone"
        type="tel"
        label="Phone"
        autoComplete="tel"
        required
        value={form.values.phone}
        onChange={(e) => form.set('phone', e.target.value)}
        error={form.errors.phone}
      />
      <div className="account-actions">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Details'}
        </button>
        <button type="button" className="btn btn-outline" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
