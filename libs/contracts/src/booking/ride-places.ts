/*
 * What the offers need to know about a pickup or drop-off written as text: is it an airport, is it
 * LAX, is it Downtown Los Angeles. A location is whatever the customer left in the field: a
 * gazetteer suggestion ("Los Angeles International Airport (LAX), 1 World Way, Los Angeles, CA
 * 90045") or their own words ("lax terminal 4", "DTLA"). Kept small and free of the gazetteer
 * itself, so the browser's estimate and the server read a location the same way.
 */

/** Lower case, no accents or punctuation: "L.A." and "la" read the same. */
const normalise = (text: string) =>
  ` ${text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’.]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;

/**
 * `normalise`, remembered for the last texts read: pricing a booking reads each end several times
 * (hotel, LAX, airport, Downtown, for every offer), and normalising was half of the server's
 * pricing time (`npm run bench bookings`). Bounded, as any text may come in.
 */
const recent = new Map<string, string>();
const RECENT_MAX = 64;
function words(text: string): string {
  let w = recent.get(text);
  if (w === undefined) {
    if (recent.size >= RECENT_MAX) recent.clear();
    w = normalise(text);
    recent.set(text, w);
  }
  return w;
}

const has = (text: string, phrase: string) => text.includes(` ${phrase} `);

/**
 * Whether any phrase of a list is in `words` output as whole words: one pattern per list, compiled
 * once, instead of a search per phrase (each set up again for every call: most of pricing's time).
 */
const anyOf = (phrases: readonly string[]) => {
  const pattern = new RegExp(` (?:${phrases.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')}) `);
  return (text: string) => pattern.test(text);
};

/** Codes of the region's airports (spec: LAX, Burbank, Long Beach and the other SoCal airports). */
const AIRPORT_CODES = ['LAX', 'BUR', 'LGB', 'SNA', 'ONT', 'PSP', 'SAN', 'SBA', 'VNY', 'SMO', 'HHR', 'TOA', 'FUL', 'EMT', 'CPM', 'WHP', 'PMD', 'WJF', 'OXR', 'CMA', 'POC', 'CNO', 'CCB', 'RAL', 'SBD', 'CRQ', 'AVX', 'TRM', 'UDD', 'SEE', 'MYF', 'SZP', 'HMT', 'RBK', 'L35', 'VCV', 'AJO', 'REI', 'L70'];
/** Codes that are also everyday words ("San Pedro", "see you"): only written in capitals. */
const CAPITALS_ONLY = new Set(['SAN', 'SEE', 'REI', 'EMT']);
/** Words that make "airport" part of a street name ("18601 Airport Way") rather than the place. */
const STREET_WORDS = ['way', 'dr', 'drive', 'rd', 'road', 'blvd', 'boulevard', 'ave', 'avenue', 'st', 'street', 'pkwy', 'parkway', 'loop', 'ln', 'lane'];
/** A hotel by the airport ("Hilton Los Angeles Airport", "LAX Marriott") is not the airport. */
const namesAHotel = anyOf(['hotel', 'inn', 'suites', 'resort', 'motel', 'hilton', 'marriott', 'hyatt', 'sheraton', 'westin', 'crowne plaza', 'radisson', 'holiday inn', 'hampton', 'embassy suites', 'courtyard', 'four points', 'doubletree']);

/** The part naming the place: a gazetteer suggestion puts the name before the first comma. */
const placeName = (text: string) => words(text.split(',')[0]);

/** Each code as a word of its own, compiled once (a booking checks all of them on both ends). */
const CODE_PATTERNS = new Map(
  AIRPORT_CODES.map((code) => [code, new RegExp(`(^|[^A-Za-z0-9])${code}([^A-Za-z0-9]|$)`, CAPITALS_ONLY.has(code) ? '' : 'i')]),
);

const codeIn = (text: string, code: string): boolean => CODE_PATTERNS.get(code)!.test(text);

/** "Airport" as the place, not as part of a street name. */
function namesAnAirport(text: string): boolean {
  const w = words(text);
  return ['airport', 'airfield', 'airpark', 'international airport'].some((word) => {
    let at = w.indexOf(` ${word} `);
    while (at >= 0) {
      const next = w.slice(at + word.length + 2).split(' ')[0];
      if (!STREET_WORDS.includes(next)) return true;
      at = w.indexOf(` ${word} `, at + 1);
    }
    return false;
  });
}

function isHotel(text: string): boolean {
  return namesAHotel(placeName(text));
}

/** The airport's code when the location is one of the region's airports ('airport' when unnamed), else null. */
export function airportOf(location: string | null | undefined): string | null {
  if (!location || isHotel(location)) return null;
  if (isLax(location)) return 'LAX';
  const code = AIRPORT_CODES.find((c) => codeIn(location, c));
  if (code) return code;
  return namesAnAirport(location) ? 'airport' : null;
}

/** Los Angeles International: its code, its name or its address (1 World Way). */
function isLax(location: string): boolean {
  const w = words(location);
  return codeIn(location, 'LAX') || has(w, 'los angeles international') || has(w, 'la international airport') || has(w, '1 world way');
}

export const isAirport = (location: string | null | undefined): boolean => airportOf(location) !== null;

/** Downtown's districts, as the gazetteer names them ("South Park" alone is also a park elsewhere). */
const namesADowntownDistrict = anyOf(['downtown los angeles', 'downtown la', 'los angeles downtown', 'la downtown', 'dtla', 'little tokyo', 'arts district', 'financial district', 'bunker hill', 'fashion district', 'historic core', 'south park los angeles']);
/** Downtown's ZIP codes, for a street address ("111 S Grand Ave, Los Angeles, CA 90012"). */
const hasADowntownZip = anyOf(['90012', '90013', '90014', '90015', '90017', '90021', '90071']);

/** Whether a location is in Downtown Los Angeles (by district name or by ZIP code in Los Angeles). */
export function isDowntownLA(location: string | null | undefined): boolean {
  if (!location) return false;
  const w = words(location);
  return namesADowntownDistrict(w) || (has(w, 'los angeles') && hasADowntownZip(w));
}
