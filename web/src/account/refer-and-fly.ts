import type { AccountReferrals } from '@limo/contracts/customers/credits';
import { countOf, formatBusinessDay, formatMoney } from '../lib/format';

/** The referral link to share: the path the server gives, on the site's own origin. */
export const shareLink = (link: string, origin: string) => new URL(link, origin).toString();

/** Where the customer stands: their referrals, tier, what the next earns and how far the next tier is. */
export function tierLines(referrals: Pick<AccountReferrals, 'successfulReferrals' | 'tier' | 'nextReferralCredit' | 'nextTier'>): string[] {
  const { successfulReferrals, tier, nextReferralCredit, nextTier } = referrals;
  const lines = [`${countOf(successfulReferrals, 'successful referral')}: ${tier}.`, `Your next referral earns you ${formatMoney(nextReferralCredit)} credit.`];
  if (nextTier) {
    const toGo = nextTier.from - successfulReferrals;
    lines.push(`${countOf(toGo, 'more referral')} to ${nextTier.name}.`);
  } else lines.push('You are at the top tier.');
  return lines;
}

/** The credit in a sentence: held amounts and the next expiry only when there are some. */
export function creditLines(credit: Pick<AccountReferrals['credit'], 'available' | 'reserved' | 'nextExpiry'>): string[] {
  const lines = [`${formatMoney(credit.available)} available, applied to your next quotes automatically.`];
  if (Number(credit.reserved) !== 0) lines.push(`${formatMoney(credit.reserved)} held for bookings not yet completed.`);
  if (credit.nextExpiry) lines.push(`${formatMoney(credit.nextExpiry.amount)} expires ${formatBusinessDay(credit.nextExpiry.at)}.`);
  return lines;
}
