import { rankDrivers, reckonPosition, type Candidate } from './assign-suggestions.js';

const LAX = { lat: 33.9416, lon: -118.4085 };
const SANTA_MONICA = { lat: 34.0195, lon: -118.4912 };
const PASADENA = { lat: 34.1478, lon: -118.1445 };
const NOW = new Date('2026-12-01T16:00:00Z');
const free = (driverId: number, name: string, position: Candidate['position']): Candidate => ({ driverId, name, username: name.toLowerCase(), conflict: null, position });

describe('assign suggestions', () => {
  it.each<[string, Candidate[], string[]]>([
    ['nearest free driver first', [free(1, 'Far', { kind: 'last-location', point: PASADENA, at: NOW }), free(2, 'Near', { kind: 'last-location', point: SANTA_MONICA, at: NOW })], ['Near', 'Far']],
    ['free before busy, however near', [{ ...free(1, 'Busy', { kind: 'last-location', point: LAX, at: NOW }), conflict: { bookingId: 9, reference: 'LX-BUSY1' } }, free(2, 'Free', { kind: 'last-location', point: PASADENA, at: NOW })], ['Free', 'Busy']],
    ['known before unknown', [free(1, 'Unknown', null), free(2, 'Known', { kind: 'previous-drop-off', point: PASADENA, reference: 'LX-PREV1' })], ['Known', 'Unknown']],
    ['by name when equally placed', [free(1, 'Zed', null), free(2, 'Abe', null)], ['Abe', 'Zed']],
  ])('%s', (_rule, candidates, order) => {
    expect(rankDrivers(LAX, candidates, NOW).map((o) => o.name)).toEqual(order);
  });

  it('says why each stands where it does, with the distance in miles', () => {
    const [near, previous, unknown, busy] = rankDrivers(
      LAX,
      [
        free(1, 'Ana', { kind: 'last-location', point: SANTA_MONICA, at: new Date(NOW.getTime() - 5 * 60_000) }),
        free(2, 'Ben', { kind: 'previous-drop-off', point: PASADENA, reference: 'LX-PREV1' }),
        { ...free(3, 'Cy', null), conflict: { bookingId: 9, reference: 'LX-BUSY1' } },
        free(4, 'Di', null),
      ],
      NOW,
    );
    expect(near).toMatchObject({ driverId: 1, free: true, distanceMiles: 7.2, from: 'last-location', reason: 'Free for the whole ride, 7.2 mi from the pickup (last location, 5 min ago)' });
    expect(previous).toMatchObject({ driverId: 2, distanceMiles: 20.8, from: 'previous-drop-off', reason: 'Free for the whole ride, 20.8 mi from the pickup (drop-off of LX-PREV1)' });
    expect(unknown).toMatchObject({ driverId: 4, distanceMiles: null, from: null, reason: 'Free for the whole ride, where they will be is not known' });
    expect(busy).toMatchObject({ driverId: 3, free: false, reason: 'Busy: LX-BUSY1 overlaps this ride, where they will be is not known' });
  });

  it('cannot measure from a pickup it cannot place', () => {
    expect(rankDrivers(null, [free(1, 'Ana', { kind: 'last-location', point: SANTA_MONICA, at: NOW })], NOW)[0]).toMatchObject({ distanceMiles: null, reason: 'Free for the whole ride, pickup not placed on the map (last location, just now)' });
  });
});

describe('where a driver will be', () => {
  const soon = new Date(NOW.getTime() + 3600_000);
  const fresh = { ...SANTA_MONICA, at: new Date(NOW.getTime() - 10 * 60_000) };
  it.each([
    ['the previous ride’s drop-off first', { point: PASADENA, reference: 'LX-PREV1' }, fresh, soon, 'previous-drop-off'],
    ['the last location when fresh and the ride is soon', null, fresh, soon, 'last-location'],
    ['nothing from a location hours old', null, { ...SANTA_MONICA, at: new Date(NOW.getTime() - 3 * 3600_000) }, soon, null],
    ['nothing from today’s location for a ride days ahead', null, fresh, new Date(NOW.getTime() + 3 * 86_400_000), null],
    ['the location when the previous ride’s drop-off cannot be placed', { point: null, reference: 'LX-PREV1' }, fresh, soon, 'last-location'],
  ] as const)('%s', (_what, previous, location, pickupAt, kind) => {
    expect(reckonPosition(previous, location, pickupAt, NOW)?.kind ?? null).toBe(kind);
  });
});
