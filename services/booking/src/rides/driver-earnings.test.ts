import { driverEarningsCents } from './driver-earnings.js';

describe('driver earnings', () => {
  it('are 60% of base plus add-ons and the whole gratuity, to the cent', () => {
    // $245.00 base + $25.00 meet & greet; gratuity $42.53.
    expect(driverEarningsCents({ baseCents: 24500, addOnsCents: 2500, gratuityCents: 4253 }, 60)).toBe(16200 + 4253);
  });

  it('round the share half up', () => {
    expect(driverEarningsCents({ baseCents: 101, addOnsCents: 0, gratuityCents: 0 }, 50)).toBe(51);
    expect(driverEarningsCents({ baseCents: 1, addOnsCents: 0, gratuityCents: 7 }, 60)).toBe(8);
  });
});
