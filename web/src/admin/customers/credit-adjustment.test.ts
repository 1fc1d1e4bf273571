import { adjustmentAmount } from './credit-adjustment';

describe("the Credit dialog's amount", () => {
  it('reads what an admin types as a Money string, signed', () => {
    expect(adjustmentAmount('5')).toBe('5.00');
    expect(adjustmentAmount(' +5.5 ')).toBe('5.50');
    expect(adjustmentAmount('-12.25')).toBe('-12.25');
    expect(adjustmentAmount('\u221210')).toBe('-10.00');
    expect(adjustmentAmount('$15')).toBe('15.00');
    expect(adjustmentAmount('-$15')).toBe('-15.00');
  });

  it('leaves what is not an amount as typed, for the server to name', () => {
    expect(adjustmentAmount('five')).toBe('five');
    expect(adjustmentAmount('1.234')).toBe('1.234');
    expect(adjustmentAmount('')).toBe('');
  });
});
