import { matchesTag } from '../src/http/etags.js';

describe('If-None-Match', () => {
  const tag = 'W/"abc"';

  it('matches the tag, weakly, alone or in a list', () => {
    expect(matchesTag('W/"abc"', tag)).toBe(true);
    expect(matchesTag('"abc"', tag)).toBe(true);
    expect(matchesTag('"x", W/"abc" , "y"', tag)).toBe(true);
    expect(matchesTag('*', tag)).toBe(true);
  });

  it('does not match another tag, a part of one, or nothing', () => {
    expect(matchesTag('W/"abcd"', tag)).toBe(false);
    expect(matchesTag('"ab", "c"', tag)).toBe(false);
    expect(matchesTag('', tag)).toBe(false);
    expect(matchesTag(undefined, tag)).toBe(false);
  });
});
