import { EventEnvelope, fromCents, Money, toCents } from '@limo/contracts';

describe('exact money', () => {
  it.each([
    ['0.00', 0],
    ['12.30', 1230],
    ['12.3', 1230],
    ['245', 24500],
    ['-7.05', -705],
    ['99999999.99', 9999999999],
  ])('reads %s as %i cents', (text, cents) => {
    expect(toCents(text)).toBe(cents);
  });

  it('writes cents with exactly two decimals', () => {
    expect(fromCents(0)).toBe('0.00');
    expect(fromCents(5)).toBe('0.05');
    expect(fromCents(29584)).toBe('295.84');
    expect(fromCents(-705)).toBe('-7.05');
  });

  it('sums without binary float error', () => {
    const sum = ['0.10', '0.20'].map(toCents).reduce((a, b) => a + b, 0);
    expect(fromCents(sum)).toBe('0.30');
  });

  it('rejects what is not an amount', () => {
    expect(() => toCents('12.345')).toThrow();
    expect(() => toCents('abc')).toThrow();
    expect(() => fromCents(1.5)).toThrow();
    expect(Money.safeParse('12.3').success).toBe(false);
    expect(Money.safeParse('12.30').success).toBe(true);
  });
});

describe('event envelope', () => {
  it('requires an uuid event id, a type, an ISO time with offset and an aggregate id', () => {
    const ok = {
      eventId: '9b2f7a3e-4b1c-4e2a-9d3f-2a1b3c4d5e6f',
      type: 'fleet.vehicle.created.v1',
      occurredAt: '2026-11-21T05:00:00.000Z',
      aggregateId: '1',
      data: {},
    };
    expect(EventEnvelope.safeParse(ok).success).toBe(true);
    expect(EventEnvelope.safeParse({ ...ok, eventId: 'nope' }).success).toBe(false);
    expect(EventEnvelope.safeParse({ ...ok, occurredAt: 'yesterday' }).success).toBe(false);
    expect(EventEnvelope.safeParse({ ...ok, aggregateId: '' }).success).toBe(false);
  });
});
