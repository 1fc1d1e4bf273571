import { distanceMeters, lastSentText, locationDecision } from './location-throttle';

const LAX = { latitude: 33.941589, longitude: -118.40853 };
/** About `meters` north of a position (1 degree of latitude is about 111.2 km). */
const north = (p: typeof LAX, meters: number) => ({ latitude: p.latitude + meters / 111_195, longitude: p.longitude });

describe('location sending', () => {
  it('measures metres between positions', () => {
    expect(distanceMeters(LAX, north(LAX, 50))).toBeCloseTo(50, 0);
    expect(distanceMeters(LAX, LAX)).toBe(0);
  });

  it('sends the first position at once', () => {
    expect(locationDecision(null, LAX, 0)).toEqual({ send: 'now' });
  });

  it('sends a move of 50 m or more, but never twice within 10 s', () => {
    const last = { ...LAX, at: 100_000 };
    expect(locationDecision(last, north(LAX, 60), 110_000)).toEqual({ send: 'now' });
    expect(locationDecision(last, north(LAX, 60), 104_000)).toEqual({ send: 'later', inMs: 6000 });
  });

  it('does not send a smaller move until the heartbeat is due', () => {
    const last = { ...LAX, at: 100_000 };
    expect(locationDecision(last, north(LAX, 40), 130_000)).toEqual({ send: 'no' });
    expect(locationDecision(last, north(LAX, 40), 100_000 + 2 * 60_000)).toEqual({ send: 'now' });
  });

  it('says when it last sent', () => {
    expect(lastSentText(null, 0)).toBe('Not sent yet');
    expect(lastSentText(1000, 13_500)).toBe('Last sent 12 s ago');
    expect(lastSentText(0, 185_000)).toBe('Last sent 3 min ago');
  });
});
