import { countdown } from './countdown';

const now = new Date('2026-11-23T21:00:00.000Z');
const at = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();

describe('answer countdown', () => {
  it('shows minutes and seconds, rounding up so the last second still shows', () => {
    expect(countdown(at(15 * 60), now)).toEqual({ secondsLeft: 900, text: '15:00', spoken: '15 minutes', expired: false });
    expect(countdown(at(605), now)).toMatchObject({ text: '10:05', spoken: '10 minutes 5 seconds' });
    expect(countdown(at(0.2), now)).toMatchObject({ secondsLeft: 1, text: '0:01', spoken: '1 second', expired: false });
  });

  it('adds hours from an hour up', () => {
    expect(countdown(at(3600 + 62), now)).toMatchObject({ text: '1:01:02', spoken: '1 hour 1 minute 2 seconds' });
  });

  it('is over at and after the deadline, and for a missing or unreadable one', () => {
    for (const deadline of [at(0), at(-30), null, undefined, 'not a date']) {
      expect(countdown(deadline, now)).toEqual({ secondsLeft: 0, text: '0:00', spoken: '0 seconds', expired: true });
    }
  });
});
