import { sitePrice } from './price-guide';

describe('site prices', () => {
  it('writes whole dollars without cents and keeps cents otherwise', () => {
    expect(sitePrice('70.00')).toBe('$70');
    expect(sitePrice('62.50')).toBe('$62.50');
    expect(sitePrice('1400.00')).toBe('$1,400');
  });
});
