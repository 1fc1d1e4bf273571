import { useEffect } from 'react';
import type { Account } from '@limo/contracts/customers/account';
import type { FormFields } from '../lib/forms/use-schema-form';
import { useSignedInCustomer } from '../lib/customer-account';
import type { ContactForm } from './booking-draft';

type ContactFields = Pick<ContactForm, 'firstName' | 'lastName' | 'email' | 'phone'>;

/**
 * A signed-in customer's details for the contact step, only where the field is still empty:
 * nothing the customer typed is replaced. A name is split at its first space ("Ann Marie Lee":
 * Ann / Marie Lee); one without a space fills neither name field.
 */
export function contactPrefill(account: Pick<Account, 'email' | 'name' | 'phone'>, current: ContactFields): Partial<ContactFields> {
  const changes: Partial<ContactFields> = {};
  if (!current.email.trim()) changes.email = account.email;
  if (account.phone && !current.phone.trim()) changes.phone = account.phone;
  const name = account.name?.trim() ?? '';
  const space = name.indexOf(' ');
  if (space > 0 && !current.firstName.trim() && !current.lastName.trim()) {
    changes.firstName = name.slice(0, space);
    changes.lastName = name.slice(space + 1).trim();
  }
  return changes;
}

/** Fills the contact step from the signed-in customer's account, once it is known. */
export function useAccountPrefill(form: FormFields<ContactForm>): void {
  const { data: account } = useSignedInCustomer();
  useEffect(() => {
    if (!account) return;
    for (const [name, value] of Object.entries(contactPrefill(account, form.values)) as [keyof ContactFields, string][]) form.set(name, value);
    // Once per account: later edits are the customer's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [account]);
}
