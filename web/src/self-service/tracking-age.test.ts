import { ageText, isStale, positionAgeSeconds } from './tracking-age';

describe('the age of the chauffeur\'s position', () => {
  it('counts by the server\'s clock whatever the phone\'s clock says', () => {
    const at = '2026-03-10T21:30:00.000Z';
    const phoneTwoMinutesBehind = Date.parse('2026-03-10T21:28:12.000Z');
    expect(positionAgeSeconds(at, phoneTwoMinutesBehind, 120_000)).toBe(12);
  });

  it('reads in seconds, minutes or hours, and is stale after 2 minutes', () => {
    expect(ageText(12)).toBe('updated 12 s ago');
    expect(ageText(185)).toBe('updated 3 min ago');
    expect(ageText(7300)).toBe('updated 2 h ago');
    expect(isStale(120)).toBe(false);
    expect(isStale(121)).toBe(true);
  });
});
