/** @jest-environment jsdom */
import { forgetReferralCode, keepReferralCode, REFERRAL_KEEP_DAYS, referralCode } from './referral-code';

describe("a referral link's code kept in the browser", () => {
  const day = 86_400_000;
  const now = Date.UTC(2026, 10, 27, 16, 0);
  beforeEach(() => localStorage.clear());

  it('keeps a code upper-cased, the last link followed replacing the one before', () => {
    expect(keepReferralCode(' jane2026 ', now)).toBe(true);
    expect(referralCode(now)).toBe('JANE2026');
    keepReferralCode('FRIEND10', now);
    expect(referralCode(now)).toBe('FRIEND10');
  });

  it('refuses what is not a code and keeps the one it had', () => {
    keepReferralCode('FRIEND10', now);
    for (const bad of ['abc', 'A'.repeat(17), 'FRIEND-10', '<script>', '']) expect(keepReferralCode(bad, now)).toBe(false);
    expect(referralCode(now)).toBe('FRIEND10');
  });

  it(`forgets the code after ${REFERRAL_KEEP_DAYS} days, and when told to`, () => {
    keepReferralCode('FRIEND10', now);
    expect(referralCode(now + (REFERRAL_KEEP_DAYS - 1) * day)).toBe('FRIEND10');
    expect(referralCode(now + REFERRAL_KEEP_DAYS * day)).toBeUndefined();
    expect(localStorage.getItem('referralCode')).toBeNull();
    keepReferralCode('FRIEND10', now);
    forgetReferralCode();
    expect(referralCode(now)).toBeUndefined();
  });

  it('reads something else in its place as no code', () => {
    for (const stored of ['not json', '"FRIEND10"', JSON.stringify({ code: 'no!', expiresAt: now + day }), JSON.stringify({ code: 'FRIEND10' })]) {
      localStorage.setItem('referralCode', stored);
      expect(referralCode(now)).toBeUndefined();
    }
  });
});
