import { normalize } from '../addresses/gazetteer.js';
import { SOCAL_PLACES } from '../addresses/socal-places.js';
import { namedPlace } from './named-place.js';

// The locator's own lookup: names and aliases, normalised.
const byName = new Map(SOCAL_PLACES.flatMap((p) => [p.name, ...(p.aliases ?? [])].map((name) => [normalize(name), p] as const)));
const named = (text: string) => {
  const found = namedPlace(text, (key) => byName.get(key));
  return found && { id: found.place.id, street: found.street };
};

describe('namedPlace', () => {
  it.each([
    ['Santa Monica, CA', 'city:santa-monica', false],
    ['Santa Monica, CA 90401', 'city:santa-monica', false],
    ['Santa Monica, California', 'city:santa-monica', false],
    ['santa monica ca 90401', 'city:santa-monica', false],
    ['  SANTA   MONICA ,  ca ,  USA ', 'city:santa-monica', false],
    ['Santa Monica, Los Angeles County, California, United States', 'city:santa-monica', false],
    ['Anaheim, CA', 'city:anaheim', false],
    ['Irvine, CA 92618-1234', 'city:irvine', false],
    ['Beverly Hills, CA', 'city:beverly-hills', false],
    ['Pasadena, CA, USA', 'city:pasadena', false],
    ['WeHo, CA', 'city:west-hollywood', false],
    ['1200 Ocean Ave, Santa Monica, CA 90401', 'city:santa-monica', true],
    ['100 Pasadena Ave, Los Angeles, CA', 'city:los-angeles', true],
    ['Hollywood, Los Angeles, CA, USA', 'neighborhood:hollywood', false],
    ['Santa Monica Pier, Santa Monica, CA', 'landmark:santa-monica-pier', false],
    // Pasadena is not inside Los Angeles: the locality the text ends with wins.
    ['Pasadena, Los Angeles, CA', 'city:los-angeles', true],
  ])('places %j at %s (street: %s)', (text, id, street) => {
    expect(named(text)).toEqual({ id, street });
  });

  it.each([
    'Springfield, IL',
    'Burbank, IL',
    'Santa Monica, NM',
    '1234 Nowhere Lane, Springfield',
    'asdf',
    '1200 Ocean Ave',
    'Santa Monica Blvd',
    'CA 90401',
    '90401',
    'Orange County, CA',
    '',
    ', , CA',
  ])('places nothing for %j', (text) => {
    expect(named(text)).toBeNull();
  });
});
