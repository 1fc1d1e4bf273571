import fc from 'fast-check';
import { availableOf, creditExpiry, expiredOf, giveBack, take, type Grant, type Take } from './ledger-rules.js';

const DAY_MS = 86_400_000;
const at = (iso: string) => new Date(iso);

describe('Refer & Fly credit ledger rules', () => {
  const now = at('2026-06-01T00:00:00Z');
  const grant = (id: number, available: number, expiresAt: string): Grant => ({ id, available, expiresAt: at(expiresAt) });

  it('takes from the grants expiring first, all or nothing, never from an expired one', () => {
    const grants = [grant(1, 1000, '2027-03-01T00:00:00Z'), grant(2, 1000, '2026-09-01T00:00:00Z'), grant(3, 500, '2026-05-01T00:00:00Z')];
    expect(take(grants, 1500, now)).toEqual([{ grantId: 2, cents: 1000 }, { grantId: 1, cents: 500 }]);
    expect(take(grants, 2001, now)).toBeNull();
    expect(take(grants, 0, now)).toEqual([]);
    expect(availableOf(grants, now)).toBe(2000);
  });

  it('gives a hold back to its grants, and what returns to an expired grant expires', () => {
    const grants = [grant(1, 0, '2027-03-01T00:00:00Z'), grant(2, 0, '2026-05-01T00:00:00Z')];
    expect(giveBack([{ grantId: 1, cents: 700 }, { grantId: 2, cents: 300 }], grants, now)).toEqual({ released: 1000, expired: 300 });
  });

  it('writes off what is left of expired grants only', () => {
    expect(expiredOf([grant(1, 400, '2026-06-01T00:00:00Z'), grant(2, 0, '2026-05-01T00:00:00Z'), grant(3, 100, '2026-07-01T00:00:00Z')], now)).toEqual([{ grantId: 1, cents: 400 }]);
  });

  it('lets credit expire 12 months after it is earned', () => {
    expect(creditExpiry(at('2026-02-28T10:00:00Z')).toISOString()).toBe('2027-02-28T10:00:00.000Z');
  });

  /**
   * A ledger kept in memory with the same rules CreditLedgerBook applies to the database, driven by
   * random sequences of earning, reserving, settling, releasing, time passing, expiry and adjustments.
   */
  it('never makes a balance negative nor spends a cent twice, and every cent earned is accounted for (property)', () => {
    type Step =
      | { kind: 'earn' | 'adjust'; cents: number }
      | { kind: 'reserve'; cents: number }
      | { kind: 'settle' | 'release'; pick: number }
      | { kind: 'wait'; days: number }
      | { kind: 'expire' };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({ kind: fc.constant('earn' as const), cents: fc.integer({ min: 1, max: 2000 }) }),
      fc.record({ kind: fc.constant('adjust' as const), cents: fc.integer({ min: -2000, max: 2000 }).filter((c) => c !== 0) }),
      fc.record({ kind: fc.constant('reserve' as const), cents: fc.integer({ min: 0, max: 3000 }) }),
      fc.record({ kind: fc.constantFrom('settle' as const, 'release' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('wait' as const), days: fc.integer({ min: 1, max: 200 }) }),
      fc.record({ kind: fc.constant('expire' as const) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        let clock = at('2026-01-01T00:00:00Z');
        const grants: (Grant & { amount: number })[] = [];
        const reservations: { holds: Take[]; status: 'held' | 'spent' | 'released' }[] = [];
        const totals = { earned: 0, adjustments: 0, spent: 0, expired: 0, entries: 0 };
        const addGrant = (cents: number) => grants.push({ id: grants.length + 1, amount: cents, available: cents, expiresAt: creditExpiry(clock) });
        const apply = (takes: Take[], sign: 1 | -1) => takes.forEach(({ grantId, cents }) => (grants[grantId - 1].available -= sign * cents));
        const held = () => reservations.filter((r) => r.status === 'held');

        for (const s of steps) {
          if (s.kind === 'earn') {
            addGrant(s.cents);
            totals.earned += s.cents;
            totals.entries += s.cents;
          } else if (s.kind === 'adjust') {
            const before = availableOf(grants, clock);
            if (s.cents > 0) addGrant(s.cents);
            else {
              const takes = take(grants, -s.cents, clock);
              // Refused exactly when it would go below $0.00.
              expect(takes === null).toBe(before < -s.cents);
              if (!takes) continue;
              apply(takes, 1);
            }
            totals.adjustments += s.cents;
            totals.entries += s.cents;
          } else if (s.kind === 'reserve') {
            const before = availableOf(grants, clock);
            const takes = take(grants, s.cents, clock);
            expect(takes === null).toBe(before < s.cents);
            if (!takes) continue;
            expect(takes.reduce((sum, t) => sum + t.cents, 0)).toBe(s.cents);
            apply(takes, 1);
            reservations.push({ holds: takes, status: 'held' });
            totals.entries -= s.cents;
          } else if (s.kind === 'settle' || s.kind === 'release') {
            const open = held();
            if (open.length === 0) continue;
            const reservation = open[s.pick % open.length];
            const cents = reservation.holds.reduce((sum, t) => sum + t.cents, 0);
            if (s.kind === 'settle') {
              reservation.status = 'spent';
              totals.spent += cents;
            } else {
              const { released, expired } = giveBack(reservation.holds, grants, clock);
              apply(reservation.holds.filter((h) => grants[h.grantId - 1].expiresAt > clock), -1);
              reservation.status = 'released';
              totals.expired += expired;
              totals.entries += released - expired;
            }
          } else if (s.kind === 'wait') clock = new Date(clock.getTime() + s.days * DAY_MS);
          else {
            const expired = expiredOf(grants, clock);
            apply(expired, 1);
            const cents = expired.reduce((sum, t) => sum + t.cents, 0);
            totals.expired += cents;
            totals.entries -= cents;
            expect(availableOf(grants, clock)).toBe(grants.reduce((sum, g) => sum + g.available, 0));
          }

          // No balance negative, no grant gives more than it had.
          for (const g of grants) {
            expect(g.available).toBeGreaterThanOrEqual(0);
            expect(g.available).toBeLessThanOrEqual(g.amount);
          }
          const reserved = held().reduce((sum, r) => sum + r.holds.reduce((s2, t) => s2 + t.cents, 0), 0);
          const available = grants.reduce((sum, g) => sum + g.available, 0);
          // Every cent is in one place: available (or awaiting write-off), held, spent or expired.
          expect(available + reserved + totals.spent + totals.expired).toBe(totals.earned + totals.adjustments);
          // The ledger's entries add up to what the grants hold.
          expect(totals.entries).toBe(available);
          // A cent held or spent was taken once: per grant, holds never exceed what it was given.
          const taken = new Map<number, number>();
          for (const r of reservations) if (r.status !== 'released') for (const h of r.holds) taken.set(h.grantId, (taken.get(h.grantId) ?? 0) + h.cents);
          for (const [grantId, cents] of taken) expect(cents + grants[grantId - 1].available).toBeLessThanOrEqual(grants[grantId - 1].amount);
        }
      }),
      { numRuns: 300 },
    );
  });
});
