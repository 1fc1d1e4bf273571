import { dialable, etaTarget } from './ride-tracking.js';

describe('etaTarget: where the car is heading for the ETA', () => {
  it.each([
    [null, 'pickup'],
    ['en-route', 'pickup'],
    ['arrived', null],
    ['picked-up', 'dropoff'],
    ['halfway', 'dropoff'],
    ['two-miles', 'dropoff'],
    ['dropped-off', null],
    ['completed', null],
  ] as const)('%s: %s', (status, target) => expect(etaTarget(status)).toBe(target));
});

describe('dialable: a number for tel: and sms: links', () => {
  it.each([
    ['3105550142', '+13105550142'],
    ['(310) 555-0142', '+13105550142'],
    ['+1 310 555 0142', '+13105550142'],
    ['+44 20 7946 0958', '+442079460958'],
    ['555-0142', '5550142'],
  ])('%s: %s', (typed, number) => expect(dialable(typed)).toBe(number));
});
