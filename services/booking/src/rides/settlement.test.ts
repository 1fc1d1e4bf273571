import { DEFAULT_DRIVER_SHARES, type PriceQuote } from '@limo/contracts';
import { extraOverCap, settle } from './settlement.js';

// LAX to Santa Monica as quoted: $70.00 all-in, of which $2.92 fee and $8.75 gratuity.
const price = { base: '58.33', addOns: '0.00', serviceFee: '2.92', gratuity: '8.75', total: '70.00' } as PriceQuote;

describe('settle', () => {
  it('adds the wait and the extras to the quote, to the cent', () => {
    const figures = settle(price, '25.00', [{ kind: 'tolls', amount: '7.25', note: '' }, { kind: 'parking', amount: '12.00', note: 'LAX lot P1' }], 60, DEFAULT_DRIVER_SHARES);
    expect(figures).toEqual({ extrasTotal: '19.25', finalAmount: '114.25', driverEarnings: expect.any(String) });
  });

  it("pays the driver the quote's share, the table's share of the wait and of each extra, half up", () => {
    // Quote: 60% of 58.33 = 34.998 -> 35.00, + gratuity 8.75 = 43.75. Wait 60% of 25.00 = 15.00.
    // Tolls 100% = 7.25, parking 100% = 12.00, extra stop 60% of 10.01 = 6.006 -> 6.01.
    const figures = settle(price, '25.00', [
      { kind: 'tolls', amount: '7.25', note: '' },
      { kind: 'parking', amount: '12.00', note: '' },
      { kind: 'extra-stop', amount: '10.01', note: 'Pharmacy' },
    ], 60, DEFAULT_DRIVER_SHARES);
    expect(figures.driverEarnings).toBe('84.01');
    expect(figures.finalAmount).toBe('124.26');
  });

  it('uses the shares the table gives', () => {
    const figures = settle(price, '10.00', [{ kind: 'tolls', amount: '5.00', note: '' }], 60, { wait: 0, extraStop: 0, tolls: 50, parking: 0 });
    expect(figures.driverEarnings).toBe('46.25');
  });

  it('with no wait and no extras is the quote and its earnings', () => {
    expect(settle(price, '0.00', [], 60, DEFAULT_DRIVER_SHARES)).toEqual({ extrasTotal: '0.00', finalAmount: '70.00', driverEarnings: '43.75' });
  });
});

describe('extraOverCap', () => {
  it('names the first extra above the cap', () => {
    expect(extraOverCap([{ kind: 'tolls', amount: '5.00', note: '' }, { kind: 'parking', amount: '250.01', note: '' }], '250.00')).toBe(
      'Parking of $250.01 is above the $250.00 an extra can be; call dispatch for a larger one',
    );
    expect(extraOverCap([{ kind: 'parking', amount: '250.00', note: '' }], '250.00')).toBeNull();
  });
});
