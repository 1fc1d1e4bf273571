import fc from 'fast-check';
import { COMPANY_MESSAGES, PLANS, type PlanTier } from '@limo/contracts';
import {
  addMonths,
  applyPlanChange,
  businessMonth,
  changeableFrom,
  checkHeldTransfers,
  checkStartMonth,
  effectiveMonth,
  mayHoldTransfer,
  monthTransfers,
  tierIn,
  type Period,
} from './plan-rules.js';

const at = (iso: string) => new Date(iso);
const starter = (fromMonth: string, toMonth: string | null = null): Period => ({ tier: 'starter', fromMonth, toMonth });

describe('Bundles for Business plan rules', () => {
  it('counts months across years', () => {
    expect(addMonths('2026-11', 2)).toBe('2027-01');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
    expect(addMonths('2026-07', 6)).toBe('2027-01');
  });

  it('reads the month in Los Angeles time', () => {
    // 05:00 UTC on Dec 1 is still Nov 30 in Los Angeles.
    expect(businessMonth(at('2026-12-01T05:00:00Z'))).toBe('2026-11');
    expect(businessMonth(at('2026-12-01T09:00:00Z'))).toBe('2026-12');
  });

  it('takes a change from the first billing month starting at least 30 days after it is asked', () => {
    expect(effectiveMonth(at('2026-11-27T18:00:00Z'))).toBe('2027-01'); // Dec 27 + -> Jan 1
    expect(effectiveMonth(at('2026-11-01T20:00:00Z'))).toBe('2026-12'); // Dec 1 is 30 days after Nov 1
    expect(effectiveMonth(at('2026-11-02T07:00:00Z'))).toBe('2026-12'); // still Nov 1 in LA
    expect(effectiveMonth(at('2026-11-02T09:00:00Z'))).toBe('2027-01'); // Nov 2 in LA: Dec 1 is 29 days after
    expect(effectiveMonth(at('2026-12-02T20:00:00Z'))).toBe('2027-01'); // Jan 1 is 30 days after Dec 2
    expect(effectiveMonth(at('2026-12-03T20:00:00Z'))).toBe('2027-02');
  });

  it('finds the tier of a month, none before the start or after the end', () => {
    const periods: Period[] = [starter('2026-12', '2027-05'), { tier: 'enterprise', fromMonth: '2027-06', toMonth: '2027-08' }];
    expect(tierIn(periods, '2026-11')).toBeNull();
    expect(tierIn(periods, '2026-12')).toBe('starter');
    expect(tierIn(periods, '2027-05')).toBe('starter');
    expect(tierIn(periods, '2027-06')).toBe('enterprise');
    expect(tierIn(periods, '2027-09')).toBeNull();
  });

  it('refuses a start month before this month (LA)', () => {
    expect(() => checkStartMonth('2026-10', at('2026-11-27T18:00:00Z'))).toThrow(COMPANY_MESSAGES.startMonthPast);
    expect(() => checkStartMonth('2026-11', at('2026-11-27T18:00:00Z'))).not.toThrow();
    // Nov 30 in LA, though Dec 1 in UTC: November is still this month.
    expect(() => checkStartMonth('2026-11', at('2026-12-01T05:00:00Z'))).not.toThrow();
  });

  it('keeps the minimum term: the start month and the 5 after it', () => {
    const periods = [starter('2026-08')];
    expect(changeableFrom(periods)).toBe('2027-02');
    expect(() => applyPlanChange(periods, { cancel: true }, '2027-01')).toThrow(COMPANY_MESSAGES.planInMinimumTerm);
    expect(() => applyPlanChange(periods, { tier: 'enterprise' }, '2027-01')).toThrow(COMPANY_MESSAGES.planInMinimumTerm);
    expect(applyPlanChange(periods, { cancel: true }, '2027-02')).toEqual([starter('2026-08', '2027-01')]);
  });

  it('closes the running period and opens the new tier from the effective month', () => {
    expect(applyPlanChange([starter('2026-01')], { tier: 'professional' }, '2027-01')).toEqual([
      starter('2026-01', '2026-12'),
      { tier: 'professional', fromMonth: '2027-01', toMonth: null },
    ]);
  });

  it('replaces a change pending from the same month, and keeps one pending from an earlier month', () => {
    const pending = applyPlanChange([starter('2026-01')], { tier: 'professional' }, '2027-01');
    expect(applyPlanChange(pending, { tier: 'enterprise' }, '2027-01')).toEqual([
      starter('2026-01', '2026-12'),
      { tier: 'enterprise', fromMonth: '2027-01', toMonth: null },
    ]);
    // Back to the tier that runs: the change is undone and the period runs on.
    expect(applyPlanChange(pending, { tier: 'starter' }, '2027-01')).toEqual([starter('2026-01')]);
    expect(applyPlanChange(pending, { cancel: true }, '2027-01')).toEqual([starter('2026-01', '2026-12')]);
    expect(applyPlanChange(pending, { cancel: true }, '2027-02')).toEqual([
      starter('2026-01', '2026-12'),
      { tier: 'professional', fromMonth: '2027-01', toMonth: '2027-01' },
    ]);
  });

  it('answers no change, already cancelled, and undoes a cancellation from the same month', () => {
    expect(() => applyPlanChange([starter('2026-01')], { tier: 'starter' }, '2027-01')).toThrow(COMPANY_MESSAGES.noChange);
    const cancelled = applyPlanChange([starter('2026-01')], { cancel: true }, '2027-01');
    expect(() => applyPlanChange(cancelled, { cancel: true }, '2027-01')).toThrow(COMPANY_MESSAGES.alreadyCancelled);
    expect(() => applyPlanChange(cancelled, { cancel: true }, '2027-03')).toThrow(COMPANY_MESSAGES.alreadyCancelled);
    // A tier after the plan has ended is no change of a running plan.
    expect(() => applyPlanChange(cancelled, { tier: 'enterprise' }, '2027-03')).toThrow(COMPANY_MESSAGES.alreadyCancelled);
    expect(applyPlanChange(cancelled, { tier: 'starter' }, '2027-01')).toEqual([starter('2026-01')]);
  });

  it("refuses periods after a change that leave rides holding more of a month's transfers than the plan then includes", () => {
    const enterprise: Period = { tier: 'enterprise', fromMonth: '2026-01', toMonth: null };
    const held = new Map([['2027-03', 3], ['2027-04', 25], ['2026-12', 40]]);
    // Enterprise (40) down to Starter (10) from April: April's 25 are over, March keeps Enterprise.
    const down = applyPlanChange([enterprise], { tier: 'starter' }, '2027-04');
    expect(() => checkHeldTransfers(down, held)).toThrow(COMPANY_MESSAGES.transfersHeld(25, 'April 2027'));
    // Cancelled from March: March is the first month over, with 3 (none included once ended).
    const cancelled = applyPlanChange([enterprise], { cancel: true }, '2027-03');
    expect(() => checkHeldTransfers(cancelled, held)).toThrow("3 rides in March 2027 already hold the plan's transfers");
    expect(() => checkHeldTransfers(cancelled, new Map([['2027-03', 1]]))).toThrow('1 ride in March 2027 already holds');
    expect(() => checkHeldTransfers(applyPlanChange([enterprise], { tier: 'professional' }, '2027-05'), held)).not.toThrow();
    expect(() => checkHeldTransfers(applyPlanChange([enterprise], { tier: 'professional' }, '2027-04'), held)).toThrow('25 rides in April 2027');
    expect(() => checkHeldTransfers(cancelled, new Map())).not.toThrow();
  });

  it("counts a month's transfers, and what expired once it is over", () => {
    const now = at('2026-11-27T18:00:00Z');
    expect(monthTransfers('2026-11', 'starter', 3, now)).toEqual({ month: '2026-11', tier: 'starter', included: 10, used: 3, left: 7, expired: null });
    expect(monthTransfers('2026-10', 'starter', 3, now)).toEqual({ month: '2026-10', tier: 'starter', included: 10, used: 3, left: 7, expired: 7 });
    expect(monthTransfers('2026-12', null, 0, now)).toEqual({ month: '2026-12', tier: null, included: 0, used: 0, left: 0, expired: null });
    expect(monthTransfers('2026-11', 'starter', 12, now).left).toBe(0);
    expect(mayHoldTransfer('starter', 9)).toBe(true);
    expect(mayHoldTransfer('starter', 10)).toBe(false);
    expect(mayHoldTransfer(null, 0)).toBe(false);
  });

  /**
   * The month's transfers kept in memory with the rules the reservations apply in the database
   * (CompanyTransfers.reserve holds one when mayHoldTransfer says so under the company+month lock;
   * a cancellation releases it): random sequences of bookings (one or several at once),
   * cancellations and month ends.
   */
  it('never gives more transfers than the plan in any month, never loses one, and holds exactly what is left when more are asked at once (property)', () => {
    type Step = { kind: 'book'; month: number; count: number } | { kind: 'cancel'; pick: number } | { kind: 'month-end' };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({ kind: fc.constant('book' as const), month: fc.integer({ min: 0, max: 2 }), count: fc.integer({ min: 1, max: 15 }) }),
      fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('month-end' as const) }),
    );
    fc.assert(
      fc.property(fc.constantFrom<PlanTier>('starter', 'professional', 'enterprise'), fc.array(step, { maxLength: 60 }), (tier, steps) => {
        const included = PLANS[tier].transfers;
        const months = ['2027-01', '2027-02', '2027-03', '2027-04', '2027-05', '2027-06'];
        let current = 0; // index of this month; the clock is mid-month
        const clock = () => at(`${months[current]}-15T20:00:00Z`);
        const reservations: { month: string; held: boolean }[] = [];
        const used = (month: string) => reservations.filter((r) => r.month === month && r.held).length;

        for (const s of steps) {
          if (s.kind === 'month-end') {
            if (current < months.length - 4) current += 1;
          } else if (s.kind === 'book') {
            // A ride's pickup this month or one of the next two; `count` bookers ask at once, one at a time under the lock.
            const month = months[current + s.month];
            const before = monthTransfers(month, tier, used(month), clock()).left;
            let held = 0;
            for (let i = 0; i < s.count; i++) {
              if (mayHoldTransfer(tier, used(month))) {
                reservations.push({ month, held: true });
                held += 1;
              }
            }
            expect(held).toBe(Math.min(s.count, before));
          } else {
            const live = reservations.filter((r) => r.held && r.month >= months[current]);
            if (live.length === 0) continue;
            const cancelled = live[s.pick % live.length];
            const before = monthTransfers(cancelled.month, tier, used(cancelled.month), clock()).left;
            cancelled.held = false;
            // Released within its month: the transfer is there for the next ride.
            expect(monthTransfers(cancelled.month, tier, used(cancelled.month), clock()).left).toBe(before + 1);
          }
          for (const month of months) {
            const figures = monthTransfers(month, tier, used(month), clock());
            expect(figures.used).toBeLessThanOrEqual(included);
            expect(figures.used + figures.left).toBe(included);
            if (month < months[current]) expect(figures.expired).toBe(figures.left);
            else expect(figures.expired).toBeNull();
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});
