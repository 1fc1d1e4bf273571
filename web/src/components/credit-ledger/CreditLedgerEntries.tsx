import type { CreditEntry } from '@limo/contracts/customers/credits';
import { ledgerLine } from './credit-ledger';
import './credit-ledger.css';

/** A credit ledger's entries, newest first (as the server orders them); `limit` keeps the recent ones. */
export function CreditLedgerEntries({ entries, limit, caption }: { entries: CreditEntry[]; limit?: number; caption: string }) {
  const shown = limit === undefined ? entries : entries.slice(0, limit);
  if (shown.length === 0) return <p className="muted">No credit yet.</p>;
  return (
    <table className="credit-ledger" data-testid="credit-ledger">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">What</th>
          <th scope="col" className="credit-amount">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {shown.map((entry) => {
          const line = ledgerLine(entry);
          return (
            <tr key={entry.id}>
              <td>{line.day}</td>
              <td>
                <strong>{line.what}</strong>
                <span className="credit-reason">{line.reason}</span>
              </td>
              <td className="credit-amount">{line.amount}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
