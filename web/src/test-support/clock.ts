import { jest } from '@jest/globals';

/** Runs `test` with only the clock fixed at `now` (ISO): timers keep running, so queries and user events still answer. */
export async function atClock(now: string, test: () => Promise<void>) {
  jest.useFakeTimers({ now: new Date(now), doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'nextTick', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'performance', 'hrtime'] });
  try {
    await test();
  } finally {
    jest.useRealTimers();
  }
}
