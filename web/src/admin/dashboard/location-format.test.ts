import { elapsedText, formatCoordinate, locationFreshness, mapsUrl } from './location-format';

const now = new Date('2025-06-14T18:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MIN = 60_000;

describe('driver location freshness', () => {
  it('is live under 5 minutes, recent under 30, stale from 30 on', () => {
    expect(locationFreshness(ago(0), now)).toBe('live');
    expect(locationFreshness(ago(5 * MIN - 1), now)).toBe('live');
    expect(locationFreshness(ago(5 * MIN), now)).toBe('recent');
    expect(locationFreshness(ago(30 * MIN - 1), now)).toBe('recent');
    expect(locationFreshness(ago(30 * MIN), now)).toBe('stale');
    expect(locationFreshness(ago(3 * 24 * 60 * MIN), now)).toBe('stale');
  });

  it("is 'none' without a usable timestamp", () => {
    expect(locationFreshness(null, now)).toBe('none');
    expect(locationFreshness(undefined, now)).toBe('none');
    expect(locationFreshness('', now)).toBe('none');
    expect(locationFreshness('not a date', now)).toBe('none');
  });
});

describe('elapsed-time wording', () => {
  it.each([
    [null, 'Never'],
    [ago(0), 'Just now'],
    [ago(59_000), 'Just now'],
    [ago(MIN), '1m ago'],
    [ago(59 * MIN), '59m ago'],
    [ago(60 * MIN), '1h ago'],
    [ago(23 * 60 * MIN + 59 * MIN), '23h ago'],
    [ago(24 * 60 * MIN), '1d ago'],
    [ago(9 * 24 * 60 * MIN), '9d ago'],
  ])('%s reads %s', (value, expected) => {
    expect(elapsedText(value, now)).toBe(expected);
  });

  it('treats a timestamp slightly in the future (clock skew) as just now', () => {
    expect(elapsedText(new Date(now.getTime() + 30_000), now)).toBe('Just now');
  });
});

describe('coordinates', () => {
  it('shows 6 decimals from strings or numbers', () => {
    expect(formatCoordinate('34.05223')).toBe('34.052230');
    expect(formatCoordinate(-118.2436849)).toBe('-118.243685');
    expect(formatCoordinate('')).toBeNull();
    expect(formatCoordinate(null)).toBeNull();
    expect(formatCoordinate('abc')).toBeNull();
  });

  it('links a maps page at zoom 15', () => {
    expect(mapsUrl('34.0522', '-118.2437')).toBe(
      'https://www.openstreetmap.org/?mlat=34.052200&mlon=-118.243700#map=15/34.052200/-118.243700',
    );
  });
});
