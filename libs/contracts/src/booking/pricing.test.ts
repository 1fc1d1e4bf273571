import { percentOfCents, PRICING, quotePrice, type PriceInput } from './pricing.js';
import { toCents } from '../common/money.js';

// Expected figures worked out by hand from spec section 9: base; meet and greet +25; child seats
// +15 flat; fee 5% of base + add-ons; gratuity 15% of base + add-ons + fee; half-up to the cent.
type Row = [label: string, input: PriceInput, base: string, addOns: string, fee: string, gratuity: string, total: string];

const oneWay: Row[] = [
  ['no add-ons', { tripType: 'one-way' }, '245.00', '0.00', '12.25', '38.59', '295.84'],
  ['meet and greet', { tripType: 'one-way', meetGreet: true }, '245.00', '25.00', '13.50', '42.53', '326.03'],
  ['child seats', { tripType: 'one-way', childSeats: true }, '245.00', '15.00', '13.00', '40.95', '313.95'],
  ['meet and greet and child seats', { tripType: 'one-way', meetGreet: true, childSeats: true }, '245.00', '40.00', '14.25', '44.89', '344.14'],
];

const hourly: Row[] = [
  ['1 hour (the $300 minimum)', { tripType: 'hourly', duration: 1 }, '300.00', '0.00', '15.00', '47.25', '362.25'],
  ['1 hour, meet and greet', { tripType: 'hourly', duration: 1, meetGreet: true }, '300.00', '25.00', '16.25', '51.19', '392.44'],
  ['1 hour, child seats', { tripType: 'hourly', duration: 1, childSeats: true }, '300.00', '15.00', '15.75', '49.61', '380.36'],
  ['1 hour, both add-ons', { tripType: 'hourly', duration: 1, meetGreet: true, childSeats: true }, '300.00', '40.00', '17.00', '53.55', '410.55'],
  ['2 hours (still the minimum)', { tripType: 'hourly', duration: 2 }, '300.00', '0.00', '15.00', '47.25', '362.25'],
  ['3 hours', { tripType: 'hourly', duration: 3 }, '360.00', '0.00', '18.00', '56.70', '434.70'],
  ['3 hours, meet and greet', { tripType: 'hourly', duration: 3, meetGreet: true }, '360.00', '25.00', '19.25', '60.64', '464.89'],
  ['3 hours, child seats', { tripType: 'hourly', duration: 3, childSeats: true }, '360.00', '15.00', '18.75', '59.06', '452.81'],
  ['3 hours, both add-ons', { tripType: 'hourly', duration: 3, meetGreet: true, childSeats: true }, '360.00', '40.00', '20.00', '63.00', '483.00'],
  ['no duration yet (3 hours assumed)', { tripType: 'hourly' }, '360.00', '0.00', '18.00', '56.70', '434.70'],
  ['8 hours', { tripType: 'hourly', duration: 8 }, '960.00', '0.00', '48.00', '151.20', '1159.20'],
  ['8 hours, both add-ons', { tripType: 'hourly', duration: 8, meetGreet: true, childSeats: true }, '960.00', '40.00', '50.00', '157.50', '1207.50'],
  ['24 hours, both add-ons', { tripType: 'hourly', duration: 24, meetGreet: true, childSeats: true }, '2880.00', '40.00', '146.00', '459.90', '3525.90'],
];

describe('quotePrice', () => {
  it.each([...oneWay, ...hourly])('prices %s', (_label, input, base, addOns, fee, gratuity, total) => {
    const quote = quotePrice(input);
    expect(quote).toMatchObject({ base, addOns, serviceFee: fee, gratuity, total });
  });

  it('charges meet and greet $25 and a single flat $15 for child seats', () => {
    expect(quotePrice({ tripType: 'one-way', meetGreet: true, childSeats: true })).toMatchObject({
      meetGreet: '25.00',
      childSeats: '15.00',
      addOns: '40.00',
    });
    expect(quotePrice({ tripType: 'one-way' })).toMatchObject({ meetGreet: '0.00', childSeats: '0.00' });
  });

  it('keeps the lines adding up to the total exactly, for every duration and add-on', () => {
    for (let duration = 1; duration <= 24; duration++) {
      for (const meetGreet of [false, true]) {
        for (const childSeats of [false, true]) {
          const q = quotePrice({ tripType: 'hourly', duration, meetGreet, childSeats });
          const sum = [q.base, q.addOns, q.serviceFee, q.gratuity].map(toCents).reduce((a, b) => a + b, 0);
          expect(toCents(q.total)).toBe(sum);
          expect(toCents(q.addOns)).toBe(toCents(q.meetGreet) + toCents(q.childSeats));
          expect(toCents(q.base)).toBe(Math.max(120_00 * duration, 300_00));
        }
      }
    }
  });

  it('stays within a cent of the spec front end floating-point estimate', () => {
    for (let duration = 1; duration <= 24; duration++) {
      for (const meetGreet of [false, true]) {
        for (const childSeats of [false, true]) {
          const base = Math.max(120 * duration, 300);
          const subtotal = base + (meetGreet ? 25 : 0) + (childSeats ? 15 : 0);
          const fee = subtotal * 0.05;
          const spec = subtotal + fee + (subtotal + fee) * 0.15;
          const ours = toCents(quotePrice({ tripType: 'hourly', duration, meetGreet, childSeats }).total);
          expect(Math.abs(ours - Math.round(spec * 100))).toBeLessThanOrEqual(1);
        }
      }
    }
  });
});

describe('percentOfCents', () => {
  it('rounds half a cent up and stays in integers', () => {
    expect(percentOfCents(25725, 15)).toBe(3859); // 38.5875
    expect(percentOfCents(28350, 15)).toBe(4253); // 42.525
    expect(percentOfCents(10, 5)).toBe(1); // 0.5 cent
    expect(percentOfCents(9, 5)).toBe(0); // 0.45 cent
    expect(PRICING.serviceFeePercent).toBe(5);
  });

  it('refuses fractional or negative cents', () => {
    expect(() => percentOfCents(1.5, 5)).toThrow();
    expect(() => percentOfCents(-100, 5)).toThrow();
  });
});
