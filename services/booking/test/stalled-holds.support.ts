import { performance } from 'node:perf_hooks';
import { jest } from '@jest/globals';
import { HoldClock } from '../src/benefits/hold-age.js';

type Reserve = (...args: never[]) => Promise<string | null>;

/**
 * The booking process stalls for `stall.ms` right after each hold `holds.reserve` takes (the
 * account's benefits or a company's transfer), as the clock the booking service measures a hold's
 * age by (HoldClock) sees it. `reserve` counts the holds; `restore` undoes both.
 */
export function stallAfterEachHold(holds: { prototype: { reserve: Reserve } }, ms: number) {
  const stall = { ms };
  let stalled = 0;
  const reserveOf = holds.prototype.reserve;
  const clock = jest.spyOn(HoldClock.prototype, 'now').mockImplementation(() => performance.now() + stalled);
  const reserve = jest.spyOn(holds.prototype, 'reserve').mockImplementation(async function (this: unknown, ...args: never[]) {
    const reservationId = await reserveOf.apply(this, args);
    stalled += stall.ms;
    return reservationId;
  });
  return { stall, reserve, restore: () => [clock, reserve].forEach((spy) => spy.mockRestore()) };
}
