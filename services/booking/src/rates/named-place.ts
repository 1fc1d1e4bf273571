import { normalize } from '../addresses/gazetteer.js';
import type { Place } from '../addresses/socal-places.js';

/** What follows a place in a typed address: state, ZIP code, country, county ("CA 90401", "California, USA"). */
const TAIL_WORDS = /(?:^| )(?:ca|california|usa|us|united states(?: of america)?|(\d{5})(?: \d{4})?)$/;

/** Southern California's ZIP codes start 900 to 935; "Brentwood, CA 94513" is in Northern California. */
const inSoCal = (zip: string): boolean => Number(zip.slice(0, 3)) >= 900 && Number(zip.slice(0, 3)) <= 935;

/** A part without its state, ZIP code and country ('' for a county or nothing but those), and the ZIP codes it had. */
function withoutTail(part: string, zips: string[]): string {
  let rest = part;
  for (let tail = TAIL_WORDS.exec(rest); tail; tail = TAIL_WORDS.exec(rest)) {
    if (tail[1]) zips.push(tail[1]);
    rest = rest.slice(0, tail.index).trim();
  }
  return / county$/.test(rest) ? '' : rest;
}

export interface NamedPlace {
  place: Place;
  /**
   * The text names a spot within the place, not the place: a street or suite before it, or a ZIP code
   * after it ("Los Angeles, CA 90045" is Westchester, by LAX, not the city's centre).
   */
  within: boolean;
}

/**
 * The gazetteer place a typed address names, the way people type it: "Santa Monica, CA 90401",
 * "1200 Ocean Ave, Santa Monica, CA", "Hollywood, Los Angeles, CA, USA". The locality (the last
 * comma-part before the state, ZIP and country) must be a place named exactly, so a street named
 * like a city ("100 Pasadena Ave, Los Angeles") never wins and an unknown locality or another
 * state ("Springfield, IL", "Burbank, IL") places nothing, nor a ZIP code outside Southern
 * California ("Brentwood, CA 94513"). An earlier part wins over the locality only when it is a
 * place inside it (a neighbourhood or landmark whose line names it).
 */
export function namedPlace(text: string, named: (key: string) => Place | undefined): NamedPlace | null {
  const parts = text.split(',').map(normalize);
  const zips: string[] = [];
  let last = '';
  while (parts.length > 0 && last === '') last = withoutTail(parts.pop()!, zips);
  if (last === '' || !zips.every(inSoCal)) return null;
  parts.push(last);
  const locality = named(parts[parts.length - 1]);
  if (!locality) return null;
  const area = normalize(locality.name);
  const zip = zips.length > 0;
  for (let i = 0; i < parts.length - 1; i++) {
    const inside = named(parts[i]);
    // A ZIP code after the locality is the locality's, not a spot within a hotel or landmark named first.
    if (inside && inside.line.split(',').some((part) => normalize(part) === area)) return { place: inside, within: i > 0 };
  }
  return { place: locality, within: parts.length > 1 || zip };
}
