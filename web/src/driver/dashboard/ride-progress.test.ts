import { DRIVER_STATUSES } from '@limo/contracts/booking/dispatch';
import { awaitsAnswer, directionsUrl, DRIVER_STATUS_ACTIONS, nextDestination, nextStatusChoices } from './ride-progress';

const confirmed = (driverStatus: (typeof DRIVER_STATUSES)[number] | null) => ({ status: 'confirmed' as const, driverStatus });
const inProgress = (driverStatus: (typeof DRIVER_STATUSES)[number] | null) => ({ status: 'in-progress' as const, driverStatus });

describe('next status buttons', () => {
  it('start a confirmed ride with en-route only (it cannot be skipped)', () => {
    expect(nextStatusChoices(confirmed(null))).toEqual(['en-route']);
  });

  it('offer the skippable statuses up to the next required one', () => {
    expect(nextStatusChoices(inProgress('en-route'))).toEqual(['arrived', 'picked-up']);
    expect(nextStatusChoices(inProgress('arrived'))).toEqual(['picked-up']);
    expect(nextStatusChoices(inProgress('picked-up'))).toEqual(['halfway', 'two-miles', 'dropped-off']);
    expect(nextStatusChoices(inProgress('halfway'))).toEqual(['two-miles', 'dropped-off']);
    expect(nextStatusChoices(inProgress('two-miles'))).toEqual(['dropped-off']);
    expect(nextStatusChoices(inProgress('dropped-off'))).toEqual(['completed']);
  });

  it('offer nothing for a finished ride or one that is not the driver’s to move', () => {
    expect(nextStatusChoices({ status: 'completed', driverStatus: 'completed' })).toEqual([]);
    expect(nextStatusChoices({ status: 'pending', driverStatus: null })).toEqual([]);
    expect(nextStatusChoices({ status: 'cancelled', driverStatus: 'en-route' })).toEqual([]);
  });

  it('never offer a status behind the current one, and always end on one that cannot be skipped', () => {
    for (const current of [null, ...DRIVER_STATUSES.slice(0, -1)]) {
      const choices = nextStatusChoices(inProgress(current));
      const at = current ? DRIVER_STATUSES.indexOf(current) : -1;
      expect(choices.every((s) => DRIVER_STATUSES.indexOf(s) > at)).toBe(true);
      expect(['en-route', 'picked-up', 'dropped-off', 'completed']).toContain(choices[choices.length - 1]);
    }
  });

  it('label every status in words', () => {
    for (const status of DRIVER_STATUSES) expect(DRIVER_STATUS_ACTIONS[status]).toMatch(/^[A-Z][A-Za-z :]+$/);
  });
});

describe('awaiting the driver’s answer', () => {
  it('is a pending ride whose driver has yet to answer', () => {
    expect(awaitsAnswer({ status: 'pending', driverResponse: 'pending' })).toBe(true);
    expect(awaitsAnswer({ status: 'confirmed', driverResponse: 'accepted' })).toBe(false);
    expect(awaitsAnswer({ status: 'pending', driverResponse: 'expired' })).toBe(false);
  });
});

describe('navigation from the ride card', () => {
  const ride = { pickupLocation: 'LAX, 1 World Way', dropoffLocation: 'The Beverly Hills Hotel, 9641 Sunset Blvd', tripType: 'one-way' as const };
  it.each([
    [null, { label: 'pickup', address: 'LAX, 1 World Way' }],
    ['en-route', { label: 'pickup', address: 'LAX, 1 World Way' }],
    ['arrived', { label: 'pickup', address: 'LAX, 1 World Way' }],
    ['picked-up', { label: 'drop-off', address: 'The Beverly Hills Hotel, 9641 Sunset Blvd' }],
    ['two-miles', { label: 'drop-off', address: 'The Beverly Hills Hotel, 9641 Sunset Blvd' }],
    ['dropped-off', null],
  ] as const)('after %s heads to %j', (driverStatus, expected) => {
    expect(nextDestination({ ...ride, driverStatus })).toEqual(expected);
  });

  it('has no drop-off to head to on an hourly ride once on board', () => {
    expect(nextDestination({ ...ride, tripType: 'hourly', dropoffLocation: null, driverStatus: 'picked-up' })).toBeNull();
  });

  it("opens the address in the phone's maps app, encoded", () => {
    expect(directionsUrl('9641 Sunset Blvd, Beverly Hills & Co #2')).toBe('https://www.google.com/maps/dir/?api=1&travelmode=driving&destination=9641%20Sunset%20Blvd%2C%20Beverly%20Hills%20%26%20Co%20%232');
  });
});
