import { benefitLines, benefitsClaimOf } from './benefit-lines';

describe("a signed-in customer's benefits on a quote", () => {
  it('shows the free ride and the credit taken off, each only when it takes something', () => {
    expect(benefitLines({})).toEqual([]);
    expect(benefitLines({ freeRide: '0.00', credit: '0.00' })).toEqual([]);
    expect(benefitLines({ freeRide: '95.00', credit: '12.50' })).toEqual([
      { key: 'free-ride', label: "Next One's on Us: free ride", amount: '−$95.00' },
      { key: 'credit', label: 'Refer & Fly credit', amount: '−$12.50' },
    ]);
    expect(benefitLines({ credit: '10.00' })).toEqual([{ key: 'credit', label: 'Refer & Fly credit', amount: '−$10.00' }]);
  });

  it('claims with the booking what the quote took off, signed in only', () => {
    expect(benefitsClaimOf({ freeRide: '95.00', credit: '12.50' }, true)).toEqual({ freeRide: true, credit: '12.50' });
    expect(benefitsClaimOf({ credit: '10.00' }, true)).toEqual({ freeRide: false, credit: '10.00' });
    expect(benefitsClaimOf({ freeRide: '95.00' }, true)).toEqual({ freeRide: true, credit: '0.00' });
    expect(benefitsClaimOf({ freeRide: '95.00', credit: '12.50' }, false)).toBeUndefined();
    expect(benefitsClaimOf({ freeRide: '0.00', credit: '0.00' }, true)).toBeUndefined();
    expect(benefitsClaimOf({}, true)).toBeUndefined();
    // A round trip claims what both legs took: the return's free ride, the two legs' credit.
    expect(benefitsClaimOf({ credit: '40.00' }, true, { credit: '10.00' })).toEqual({ freeRide: false, credit: '50.00' });
    expect(benefitsClaimOf({}, true, { freeRide: '61.00' })).toEqual({ freeRide: true, credit: '0.00' });
    expect(benefitsClaimOf({}, true, null)).toBeUndefined();
  });
});
