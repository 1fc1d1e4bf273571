import { Gazetteer, normalize, toSuggestion } from './gazetteer.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadPlaces, SOCAL_PLACES } from './socal-places.js';

const gazetteer = new Gazetteer(SOCAL_PLACES);
const top = (q: string, n = 1) => gazetteer.search(q, n).map((p) => p.name);

describe('the Southern California gazetteer', () => {
  it('holds a few hundred places with unique ids and coordinates inside the region', () => {
    expect(SOCAL_PLACES.length).toBeGreaterThanOrEqual(350);
    expect(new Set(SOCAL_PLACES.map((p) => p.id)).size).toBe(SOCAL_PLACES.length);
    for (const place of SOCAL_PLACES) {
      expect({ name: place.name, inRegion: place.lat > 32.5 && place.lat < 35.1 && place.lon > -120.2 && place.lon < -114.4 }).toEqual({
        name: place.name,
        inRegion: true,
      });
    }
  });

  it('refuses a data file with a place out of shape, outside the region or listed twice', () => {
    const file = (places: unknown) => {
      const path = join(mkdtempSync(join(tmpdir(), 'places-')), 'places.json');
      writeFileSync(path, JSON.stringify(places));
      return pathToFileURL(path);
    };
    const lax = SOCAL_PLACES[0];
    expect(loadPlaces(file([lax]))).toEqual([lax]);
    expect(() => loadPlaces(file([lax, lax]))).toThrow(/listed twice/);
    expect(() => loadPlaces(file([{ ...lax, lat: 51.47 }]))).toThrow();
    expect(() => loadPlaces(file([{ ...lax, kind: 'spaceport' }]))).toThrow();
    expect(() => loadPlaces(file([{ ...lax, population: 3 }]))).toThrow();
  });

  it('has every kind of place the decisions ask for', () => {
    const kinds = new Map<string, number>();
    for (const place of SOCAL_PLACES) kinds.set(place.kind, (kinds.get(place.kind) ?? 0) + 1);
    expect(kinds.get('airport')).toBeGreaterThanOrEqual(30);
    expect(kinds.get('city')).toBeGreaterThanOrEqual(150);
    expect(kinds.get('neighborhood')).toBeGreaterThanOrEqual(80);
    expect(kinds.get('landmark')).toBeGreaterThanOrEqual(50);
    expect(kinds.get('hotel')).toBeGreaterThanOrEqual(50);
    expect(kinds.get('venue')).toBeGreaterThanOrEqual(30);
  });

  it.each([
    ['lax', 'Los Angeles International Airport (LAX)'],
    ['LAX', 'Los Angeles International Airport (LAX)'],
    ['burbank airport', 'Hollywood Burbank Airport (BUR)'],
    ['bob hope', 'Hollywood Burbank Airport (BUR)'],
    ['long beach airport', 'Long Beach Airport (LGB)'],
    ['sna', 'John Wayne Airport (SNA)'],
    ['john wayne', 'John Wayne Airport (SNA)'],
    ['ontario airport', 'Ontario International Airport (ONT)'],
    ['santa monica', 'Santa Monica'],
    ['beverly hills hotel', 'The Beverly Hills Hotel'],
    ['staples center', 'Crypto.com Arena'],
    ['sofi', 'SoFi Stadium'],
    ['disneyland', 'Disneyland Resort'],
    ['dtla', 'Downtown Los Angeles'],
    ['la canada', 'La Cañada Flintridge'],
    ['knotts', "Knott's Berry Farm"],
  ])('ranks %s first as %s', (query, expected) => {
    expect(top(query)).toEqual([expected]);
  });

  it('prefers a name that starts with the text over one that only contains it', () => {
    const names = top('newport', 5);
    expect(names[0]).toBe('Newport Beach');
    expect(names).toContain('Newport Pier');
  });

  it('matches every word in any order, also against the street line', () => {
    expect(top('hotel beverly', 3)).toContain('The Beverly Hills Hotel');
    expect(top('century blvd', 8)).toContain('Hilton Los Angeles Airport');
  });

  it('finds nothing for text no place has, and nothing for blank text', () => {
    expect(gazetteer.search('qqqzzz')).toEqual([]);
    expect(gazetteer.search('   ')).toEqual([]);
  });

  it('gives at most the asked number of places', () => {
    expect(gazetteer.search('beach', 8)).toHaveLength(8);
  });

  it('builds suggestions with a main line, a full display name and coordinates', () => {
    const [lax] = gazetteer.search('lax', 1);
    expect(toSuggestion(lax)).toEqual({
      id: 'airport:los-angeles-international-airport-lax',
      address: 'Los Angeles International Airport (LAX)',
      display_name: 'Los Angeles International Airport (LAX), 1 World Way, Los Angeles, CA 90045',
      lat: 33.9416,
      lon: -118.4085,
    });
  });

  it('normalises accents, case, apostrophes and ampersands', () => {
    expect(normalize("Disney's Grand Californian Hotel & Spa")).toBe('disneys grand californian hotel and spa');
    expect(normalize('La Cañada')).toBe('la canada');
  });
});
