import { airportOf, isDowntownLA } from '@limo/contracts';
import { toSuggestion } from './gazetteer.js';
import { SOCAL_PLACES } from './socal-places.js';

// What the wizard's field holds once a suggestion is picked.
const asPicked = SOCAL_PLACES.map((place) => ({ place, text: toSuggestion(place).display_name }));
const DOWNTOWN_NAMES = ['Downtown Los Angeles', 'Little Tokyo', 'Arts District', 'Financial District', 'Bunker Hill', 'South Park', 'Fashion District', 'Historic Core'];

describe('the offers read the gazetteer entries a customer picks', () => {
  it('recognises every airport entry as an airport, and LAX as LAX', () => {
    const airports = asPicked.filter(({ place }) => place.kind === 'airport');
    expect(airports.length).toBeGreaterThanOrEqual(30);
    for (const { text } of airports) expect({ text, airport: airportOf(text) !== null }).toEqual({ text, airport: true });
    expect(airportOf(asPicked.find(({ place }) => place.id === 'airport:los-angeles-international-airport-lax')!.text)).toBe('LAX');
  });

  it('takes no hotel, landmark, city or neighbourhood for an airport (the rideshare lot and the stations at an airport count)', () => {
    const atTheAirport = new Set(['LAX-it Taxi and Rideshare Lot', 'LAX/Metro Transit Center', 'Burbank Airport North Station']);
    const others = asPicked.filter(({ place }) => place.kind !== 'airport' && !atTheAirport.has(place.name));
    const taken = others.filter(({ text }) => airportOf(text) !== null).map(({ text }) => text);
    expect(taken).toEqual([]);
  });

  it('recognises Downtown Los Angeles, its districts and the places in its ZIP codes', () => {
    for (const name of DOWNTOWN_NAMES) {
      const entry = asPicked.find(({ place }) => place.name === name && place.kind === 'neighborhood');
      expect({ name, downtown: entry ? isDowntownLA(entry.text) : 'missing' }).toEqual({ name, downtown: true });
    }
    for (const name of ['Walt Disney Concert Hall', 'Crypto.com Arena', 'Union Station', 'The Westin Bonaventure Hotel']) {
      const entry = asPicked.find(({ place }) => place.name === name)!;
      expect({ name, downtown: isDowntownLA(entry.text) }).toEqual({ name, downtown: true });
    }
  });

  it('does not take the rest of the region for downtown', () => {
    for (const name of ['Hollywood', 'Santa Monica', 'Beverly Hills', 'Pasadena', 'Long Beach', 'Los Angeles International Airport (LAX)', 'Dodger Stadium']) {
      const entry = asPicked.find(({ place }) => place.name === name);
      if (!entry) throw new Error(`no gazetteer entry ${name}`);
      expect({ name, downtown: isDowntownLA(entry.text) }).toEqual({ name, downtown: name === 'Dodger Stadium' });
    }
  });
});
