import type { PlanPeriod } from '@limo/contracts/customers/companies';
import { currentMonth, monthEnded, monthsUpTo, periodLine, periodOn, planEnds, shiftMonth, transfersLine } from './company-month';

const period = (tier: PlanPeriod['tier'], fromMonth: string, toMonth: string | null): PlanPeriod => ({ tier, fromMonth, toMonth, askedBy: 'admin', askedAt: '2026-11-02T10:00:00Z' });

describe("a company's months and plan in words", () => {
  it('counts months across years and lists the picker newest first', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(monthsUpTo('2026-02', 3)).toEqual(['2026-02', '2026-01', '2025-12']);
  });

  it('takes the month in Los Angeles time, and a month as ended only once the next has begun there', () => {
    // 07:30 UTC on Dec 1 is still Nov 30 in Los Angeles.
    const now = new Date('2026-12-01T07:30:00Z');
    expect(currentMonth(now)).toBe('2026-11');
    expect(monthEnded('2026-11', now)).toBe(false);
    expect(monthEnded('2026-10', now)).toBe(true);
  });

  it("finds the plan of a month across its periods, and a cancelled plan's end", () => {
    const periods = [period('starter', '2026-11', '2027-05'), period('professional', '2027-06', null)];
    expect(periodOn(periods, '2026-10')).toBeNull();
    expect(periodOn(periods, '2027-05')?.tier).toBe('starter');
    expect(periodOn(periods, '2030-01')?.tier).toBe('professional');
    expect(planEnds(periods)).toBeNull();
    expect(planEnds([period('starter', '2026-11', '2027-04')])).toBe('2027-04');
    expect(periodLine(periods[0])).toBe('Starter from November 2026 to May 2027');
  });

  it('says the transfers left, used and expired', () => {
    expect(transfersLine({ month: '2026-11', tier: 'starter', included: 10, used: 6, left: 4, expired: null })).toBe('4 of 10 left (6 used)');
    expect(transfersLine({ month: '2026-10', tier: 'starter', included: 10, used: 7, left: 3, expired: 3 })).toBe('3 of 10 left (7 used, 3 expired)');
    expect(transfersLine({ month: '2026-09', tier: null, included: 0, used: 0, left: 0, expired: null })).toBe('No plan this month');
  });
});
