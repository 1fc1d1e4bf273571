import { isOwnReferral, maskedEmail, newReferralCode, phoneDigits, referralStanding } from './referral-rules.js';

describe('Refer & Fly rules', () => {
  it("names the friend in the referrer's ledger by the email's first letter and domain only", () => {
    expect(maskedEmail('jane.doe@example.com')).toBe('j***@example.com');
    expect(maskedEmail('a@b.co')).toBe('a***@b.co');
    expect(maskedEmail('not-an-email')).toBe('***');
  });

  it('makes 8-character codes of letters and digits nobody misreads', () => {
    for (let i = 0; i < 200; i++) expect(newReferralCode()).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(newReferralCode(() => 0)).toBe('AAAAAAAA');
  });

  it('compares phones by their digits, with or without the country code', () => {
    expect(phoneDigits('+1 (310) 555-0100')).toBe('3105550100');
    expect(phoneDigits('310.555.0100')).toBe('3105550100');
    expect(phoneDigits(null)).toBe('');
  });

  it("refuses the referrer's own email or one of their phones (saved, or booked with)", () => {
    const referrer = { email: 'ann@example.com', phones: ['(310) 555-0100', '424-555-0199'] };
    expect(isOwnReferral(referrer, { email: 'ANN@example.com', phone: '2135550000' })).toBe(true);
    expect(isOwnReferral(referrer, { email: 'bob@example.com', phone: '+1 310 555 0100' })).toBe(true);
    expect(isOwnReferral(referrer, { email: 'bob@example.com', phone: '2135550000' })).toBe(false);
    expect(isOwnReferral(referrer, { email: 'bob@example.com', phone: '4245550199' })).toBe(true);
    expect(isOwnReferral({ email: 'ann@example.com', phones: [] }, { email: 'bob@example.com', phone: '' })).toBe(false);
  });

  it('pays $10 a referral, $15 from the 10th, and names the tiers', () => {
    expect(referralStanding(0)).toEqual({ tier: 'Starter', nextReferralCredit: '10.00', nextTier: { name: 'VIP Referrer', from: 5 } });
    expect(referralStanding(4)).toEqual({ tier: 'Starter', nextReferralCredit: '10.00', nextTier: { name: 'VIP Referrer', from: 5 } });
    expect(referralStanding(5)).toEqual({ tier: 'VIP Referrer', nextReferralCredit: '10.00', nextTier: { name: 'Elite Ambassador', from: 10 } });
    expect(referralStanding(9)).toEqual({ tier: 'VIP Referrer', nextReferralCredit: '15.00', nextTier: { name: 'Elite Ambassador', from: 10 } });
    expect(referralStanding(10)).toEqual({ tier: 'Elite Ambassador', nextReferralCredit: '15.00', nextTier: null });
  });
});
