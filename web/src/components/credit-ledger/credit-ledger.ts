import type { CreditEntry, CreditEntryKind } from '@limo/contracts/customers/credits';
import { formatBusinessDay, formatMoney } from '../../lib/format';

/* Refer & Fly credit in words, for the customer's account and the admin's Credit dialog alike. */

const KIND_WORDS: Record<CreditEntryKind, string> = {
  earned: 'Earned',
  reserved: 'Held for a booking',
  spent: 'Spent',
  released: 'Given back',
  expired: 'Expired',
  adjusted: 'Adjusted',
};

/** "+$10.00", "−$5.00", or "$0.00" for an entry that moved nothing (a held amount spent). */
export function signedMoney(amount: string): string {
  if (amount.startsWith('-')) return `−${formatMoney(amount.slice(1))}`;
  return Number(amount) === 0 ? formatMoney(amount) : `+${formatMoney(amount)}`;
}

/** One line of the ledger: when (the Los Angeles day), what, why, and what it did to the available credit. */
export function ledgerLine(entry: Pick<CreditEntry, 'at' | 'kind' | 'amount' | 'reason'>) {
  return { day: formatBusinessDay(entry.at), what: KIND_WORDS[entry.kind], reason: entry.reason, amount: signedMoney(entry.amount) };
}
