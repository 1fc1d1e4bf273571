import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AccountReferrals } from '@limo/contracts/customers/credits';
import { CreditLedgerEntries } from '../components/credit-ledger/CreditLedgerEntries';
import { creditLines, shareLink, tierLines } from './refer-and-fly';
import { SectionState } from './SectionState';

/** How many of the ledger's newest entries the account shows. */
const RECENT_ENTRIES = 5;

/**
 * Refer & Fly on the account: the link to share (with a Copy button), the customer's referrals and
 * tier, their credit (available, held, next to expire) and the ledger's recent entries.
 */
export function ReferAndFly() {
  const referrals = useQuery<AccountReferrals>({ queryKey: ['/api/account/referrals'] });
  if (referrals.isPending || referrals.isError) return <SectionState failed={referrals.isError} what="referrals" />;
  const data = referrals.data;
  const link = shareLink(data.link, window.location.origin);
  return (
    <section className="card refer" aria-labelledby="refer-heading">
      <h2 id="refer-heading">Refer &amp; Fly</h2>
      <p className="muted">A friend who books through your link gets $10 off after their first ride, and you earn credit too.</p>
      <CopyLink link={link} />
      <ul className="refer-facts">
        {tierLines(data).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <h3 className="refer-subheading">Your credit</h3>
      <ul className="refer-facts" data-testid="refer-credit">
        {creditLines(data.credit).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <CreditLedgerEntries entries={data.credit.entries} limit={RECENT_ENTRIES} caption="Your recent credit" />
    </section>
  );
}

function CopyLink({ link }: { link: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = () =>
    navigator.clipboard
      .writeText(link)
      .then(() => setCopied(true))
      .catch(() => setCopied(false));
  return (
    <div className="refer-link">
      <label htmlFor="refer-link-input" className="visually-hidden">
        Your referral link
      </label>
      <input id="refer-link-input" className="input" readOnly value={link} onFocus={(event) => event.currentTarget.select()} data-testid="referral-link" />
      <button type="button" className="btn btn-primary" onClick={() => void copy()}>
        Copy
      </button>
      <span role="status" className="refer-copied">
        {copied === true && 'Link copied.'}
        {copied === false && 'Copy did not work here: select the link and copy it.'}
      </span>
    </div>
  );
}
