import type { AddressSuggestion } from '@limo/contracts';
import type { Place, PlaceKind } from './socal-places.js';

/** Lower case, no accents or punctuation, '&' read as 'and': "Cañada" and "canada" match. */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const KIND_BONUS: Record<PlaceKind, number> = { airport: 40, city: 25, landmark: 20, venue: 20, hotel: 15, transit: 15, neighborhood: 10 };

interface IndexedPlace {
  place: Place;
  name: string;
  nameTokens: string[];
  aliases: string[];
  allTokens: string[];
}

/**
 * The built-in place finder: ranks by how the typed text meets a place. An exact code or
 * alias ('lax') beats an exact name, which beats a name that starts with the text, which beats
 * every typed word starting a word of the name, then of the name and its address; a plain
 * substring comes last. Ties go to airports first, then the shorter name.
 */
export class Gazetteer {
  private readonly index: IndexedPlace[];

  constructor(places: readonly Place[]) {
    this.index = places.map((place) => {
      const name = normalize(place.name);
      const nameTokens = name.split(' ');
      return {
        place,
        name,
        nameTokens,
        aliases: (place.aliases ?? []).map(normalize),
        allTokens: [...nameTokens, ...normalize(place.line).split(' '), ...(place.aliases ?? []).flatMap((a) => normalize(a).split(' '))],
      };
    });
  }

  get size(): number {
    return this.index.length;
  }

  search(query: string, limit = 8): Place[] {
    const q = normalize(query);
    if (q.length === 0) return [];
    const words = q.split(' ');
    const scored: { entry: IndexedPlace; score: number }[] = [];
    for (const entry of this.index) {
      const score = matchScore(entry, q, words);
      if (score > 0) scored.push({ entry, score: score + KIND_BONUS[entry.place.kind] });
    }
    scored.sort((a, b) => b.score - a.score || a.entry.name.length - b.entry.name.length || a.entry.name.localeCompare(b.entry.name));
    return scored.slice(0, limit).map((s) => s.entry.place);
  }
}

function matchScore(entry: IndexedPlace, q: string, words: string[]): number {
  if (entry.aliases.includes(q)) return 1000;
  if (entry.name === q) return 900;
  if (entry.name.startsWith(q)) return 700;
  if (entry.aliases.some((alias) => alias.startsWith(q))) return 650;
  const startsWord = (tokens: string[]) => words.every((word) => tokens.some((token) => token.startsWith(word)));
  if (startsWord(entry.nameTokens)) return entry.nameTokens[0].startsWith(words[0]) ? 560 : 500;
  if (startsWord(entry.allTokens)) return 300;
  if (entry.name.includes(q)) return 200;
  return 0;
}

export const toSuggestion = (place: Place): AddressSuggestion => ({
  id: place.id,
  address: place.name,
  display_name: `${place.name}, ${place.line}`,
  lat: place.lat,
  lon: place.lon,
});
