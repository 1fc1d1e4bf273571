import { normalize } from '../addresses/gazetteer.js';
import type { Place } from '../addresses/socal-places.js';

/** What follows a place in a typed address: state, ZIP code, country, county ("CA 90401", "California, USA"). */
const TAIL_WORDS = /(?:^| )(?:ca|california|usa|us|united states(?: of america)?|\d{5}(?: \d{4})?)$/;

function withoutTail(part: string): string {
  let rest = part;
  while (TAIL_WORDS.test(rest)) rest = rest.replace(TAIL_WORDS, '').trim();
  return / county$/.test(rest) ? '' : rest;
}

export interface NamedPlace {
  place: Place;
  /** Something came before the place (a street, a suite): the place is the area, not the door. */
  street: boolean;
}

/**
 * The gazetteer place a typed address names, the way people type it: "Santa Monica, CA 90401",
 * "1200 Ocean Ave, Santa Monica, CA", "Hollywood, Los Angeles, CA, USA". The locality (the last
 * comma-part before the state, ZIP and country) must be a place named exactly, so a street named
 * like a city ("100 Pasadena Ave, Los Angeles") never wins and an unknown locality or another
 * state ("Springfield, IL", "Burbank, IL") places nothing. An earlier part wins over the locality
 * only when it is a place inside it (a neighbourhood or landmark whose line names it).
 */
export function namedPlace(text: string, named: (key: string) => Place | undefined): NamedPlace | null {
  const parts = text.split(',').map(normalize);
  while (parts.length > 0 && withoutTail(parts[parts.length - 1]) === '') parts.pop();
  if (parts.length === 0) return null;
  parts[parts.length - 1] = withoutTail(parts[parts.length - 1]);
  const locality = named(parts[parts.length - 1]);
  if (!locality) return null;
  const area = normalize(locality.name);
  for (let i = 0; i < parts.length - 1; i++) {
    const inside = named(parts[i]);
    if (inside && inside.line.split(',').some((part) => normalize(part) === area)) return { place: inside, street: i > 0 };
  }
  return { place: locality, street: parts.length > 1 };
}
