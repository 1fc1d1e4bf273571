import { creditLines, shareLink, tierLines } from './refer-and-fly';

describe('Refer & Fly on the account', () => {
  it("shares the server's path on the site's own origin", () => {
    expect(shareLink('/r/JANE2026', 'https://prestige.example')).toBe('https://prestige.example/r/JANE2026');
  });

  it('says the tier, what the next referral earns and how far the next tier is', () => {
    expect(tierLines({ successfulReferrals: 0, tier: 'Starter', nextReferralCredit: '10.00', nextTier: { name: 'VIP Referrer', from: 5 } })).toEqual([
      '0 successful referrals: Starter.',
      'Your next referral earns you $10.00 credit.',
      '5 more referrals to VIP Referrer.',
    ]);
    expect(tierLines({ successfulReferrals: 9, tier: 'VIP Referrer', nextReferralCredit: '15.00', nextTier: { name: 'Elite Ambassador', from: 10 } })[2]).toBe(
      '1 more referral to Elite Ambassador.',
    );
    expect(tierLines({ successfulReferrals: 12, tier: 'Elite Ambassador', nextReferralCredit: '15.00', nextTier: null })[2]).toBe('You are at the top tier.');
  });

  it('words the credit, held amounts and the next expiry only when there are some', () => {
    expect(creditLines({ available: '0.00', reserved: '0.00', nextExpiry: null })).toEqual(['$0.00 available, applied to your next quotes automatically.']);
    expect(creditLines({ available: '20.00', reserved: '5.00', nextExpiry: { amount: '10.00', at: '2027-11-21T07:30:00.000Z' } })).toEqual([
      '$20.00 available, applied to your next quotes automatically.',
      '$5.00 held for bookings not yet completed.',
      '$10.00 expires Nov 20, 2027.',
    ]);
  });
});
