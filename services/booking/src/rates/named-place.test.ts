import { normalize } from '../addresses/gazetteer.js';
import { SOCAL_PLACES } from '../addresses/socal-places.js';
import { namedPlace } from './named-place.js';

// The locator's own lookup: names and aliases, normalised.
const byName = new Map(SOCAL_PLACES.flatMap((p) => [p.name, ...(p.aliases ?? [])].map((name) => [normalize(name), p] as const)));
const named = (text: string) => {
  const found = namedPlace(text, (key) => byName.get(key));
  return found && { id: found.place.id, within: found.within };
};

describe('namedPlace', () => {
  it.each([
    ['Santa Monica, CA', 'city:santa-monica', false],
    // A ZIP code, like a street, names a spot within the place (Westchester, by LAX, is 90045 of Los Angeles).
    ['Santa Monica, CA 90401', 'city:santa-monica', true],
    ['Los Angeles, CA 90045', 'city:los-angeles', true],
    ['Los Angeles, CA, 90045, USA', 'city:los-angeles', true],
    ['Los Angeles, CA', 'city:los-angeles', false],
    // "LA" is the gazetteer's alias of Los Angeles, as bare "LA" is placed.
    ['LA, CA', 'city:los-angeles', false],
    ['Ontario, CA 91761', 'city:ontario', true],
    ['Laguna Beach, CA 92651', 'city:laguna-beach', true],
    ['Santa Monica, California', 'city:santa-monica', false],
    ['santa monica ca 90401', 'city:santa-monica', true],
    ['  SANTA   MONICA ,  ca ,  USA ', 'city:santa-monica', false],
    ['Santa Monica, Los Angeles County, California, United States', 'city:santa-monica', false],
    ['Anaheim, CA', 'city:anaheim', false],
    ['Irvine, CA 92618-1234', 'city:irvine', true],
    ['Beverly Hills, CA', 'city:beverly-hills', false],
    ['Pasadena, CA, USA', 'city:pasadena', false],
    ['WeHo, CA', 'city:west-hollywood', false],
    ['1200 Ocean Ave, Santa Monica, CA 90401', 'city:santa-monica', true],
    ['100 Pasadena Ave, Los Angeles, CA', 'city:los-angeles', true],
    ['Hollywood, Los Angeles, CA, USA', 'neighborhood:hollywood', false],
    ['Santa Monica Pier, Santa Monica, CA', 'landmark:santa-monica-pier', false],
    // The ZIP code is the city's: the hotel or landmark named first keeps its own point.
    ['Santa Monica Pier, Santa Monica, CA 90401', 'landmark:santa-monica-pier', false],
    ['The Beverly Hills Hotel, 9641 Sunset Blvd, Beverly Hills, CA 90210, USA', 'hotel:the-beverly-hills-hotel', false],
    // Pasadena is not inside Los Angeles: the locality the text ends with wins.
    ['Pasadena, Los Angeles, CA', 'city:los-angeles', true],
  ])('places %j at %s (within: %s)', (text, id, within) => {
    expect(named(text)).toEqual({ id, within });
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
    // A ZIP code outside Southern California (900-935): Brentwood, Westwood and Del Rey of Northern and Central California.
    'Brentwood, CA 94513',
    'Westwood, CA 96137',
    'Del Rey, CA 93616',
    '1 Main St, Brentwood, CA 94513-1234',
    'Santa Monica, CA 10001',
  ])('places nothing for %j', (text) => {
    expect(named(text)).toBeNull();
  });
});
