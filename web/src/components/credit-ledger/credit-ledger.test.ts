import { ledgerLine, signedMoney } from './credit-ledger';

describe('Refer & Fly credit in words', () => {
  it('signs what an entry did to the available credit', () => {
    expect(signedMoney('10.00')).toBe('+$10.00');
    expect(signedMoney('-5.50')).toBe('−$5.50');
    expect(signedMoney('0.00')).toBe('$0.00');
    expect(signedMoney('1250.00')).toBe('+$1,250.00');
  });

  it("words a ledger entry with its Los Angeles day", () => {
    expect(ledgerLine({ at: '2026-11-21T06:30:00.000Z', kind: 'earned', amount: '10.00', reason: "Referral: j***@example.com's first ride" })).toEqual({
      day: 'Nov 20, 2026',
      what: 'Earned',
      reason: "Referral: j***@example.com's first ride",
      amount: '+$10.00',
    });
    expect(ledgerLine({ at: '2026-11-21T18:00:00.000Z', kind: 'reserved', amount: '-10.00', reason: 'Booking LX-7K3Q9' })).toMatchObject({ what: 'Held for a booking', amount: '−$10.00' });
  });
});
