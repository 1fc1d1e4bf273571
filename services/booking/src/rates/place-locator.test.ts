import { SOCAL_PLACES } from '../addresses/socal-places.js';
import { PlaceLocator } from './place-locator.js';
import { loadZones } from './rate-zones.js';

const ZONES = loadZones(new URL('../../data/rate-zones.json', import.meta.url), SOCAL_PLACES);
const SANTA_MONICA = { lat: 34.0195, lon: -118.4912 };

describe('PlaceLocator', () => {
  it('places typed coordinates on the globe, and none off it', async () => {
    const places = new PlaceLocator(SOCAL_PLACES, []);
    await expect(places.pointOf('34.0522, -118.2437')).resolves.toEqual({ lat: 34.0522, lon: -118.2437 });
    await expect(places.pointOf('95.5, -118.4')).resolves.toBeNull();
    await expect(places.pointOf('12, 999')).resolves.toBeNull();
    await expect(places.geoPointOf('-90, 180')).resolves.toEqual({ latitude: -90, longitude: 180 });
  });

  it('asks the geocoder only when allowed, and then answers from what it learnt', async () => {
    const asked: string[] = [];
    const places = new PlaceLocator(SOCAL_PLACES, [], async (text) => {
      asked.push(text);
      return { lat: 34.1, lon: -118.3 };
    });
    await expect(places.pointOf('123 Hidden Lane, Los Angeles', { geocoder: false })).resolves.toBeNull();
    expect(asked).toEqual([]);
    await expect(places.pointOf('123 Hidden Lane, Los Angeles')).resolves.toEqual({ lat: 34.1, lon: -118.3 });
    await expect(places.pointOf('123 Hidden Lane, Los Angeles', { geocoder: false })).resolves.toEqual({ lat: 34.1, lon: -118.3 });
    expect(asked).toEqual(['123 Hidden Lane, Los Angeles']);
    // The gazetteer needs no geocoder.
    await expect(places.geoPointOf('LAX', { geocoder: false })).resolves.toEqual({ latitude: 33.9416, longitude: -118.4085 });
  });

  it('places a place typed with its state without the geocoder, and a street in it at the geocoder’s point, else the zone’s place', async () => {
    const asked: string[] = [];
    const places = new PlaceLocator(SOCAL_PLACES, ZONES, async (text) => {
      asked.push(text);
      return text.startsWith('1200') ? { lat: 34.0125, lon: -118.4952 } : null;
    });
    expect((await places.locate('Santa Monica, CA')).zones?.map((z) => z.id)).toEqual(['santa-monica']);
    await expect(places.pointOf('santa monica, california')).resolves.toMatchObject(SANTA_MONICA);
    expect(asked).toEqual([]);
    await expect(places.pointOf('1200 Ocean Ave, Santa Monica, CA 90401')).resolves.toEqual({ lat: 34.0125, lon: -118.4952 });
    await expect(places.pointOf('1 Unknown Ct, Santa Monica, CA', { geocoder: false })).resolves.toMatchObject(SANTA_MONICA);
    await expect(places.pointOf('1 Unknown Ct, Santa Monica, CA')).resolves.toMatchObject(SANTA_MONICA);
    const offline = new PlaceLocator(SOCAL_PLACES, ZONES);
    await expect(offline.locate('Springfield, IL')).resolves.toEqual({ text: 'Springfield, IL', zones: null });
    // Los Angeles is no zone (Downtown is): a street in it is the geocoder's to place, or nobody's.
    await expect(offline.pointOf('Los Angeles, CA')).resolves.toMatchObject({ id: 'city:los-angeles' });
    await expect(offline.locate('100 Pasadena Ave, Los Angeles, CA')).resolves.toMatchObject({ zones: null });
  });

  it('reads a ZIP code as a street: the geocoder’s first, else the place only when a zone is drawn around it; none outside Southern California', async () => {
    const WESTCHESTER = { lat: 33.9591, lon: -118.4061 };
    const asked: string[] = [];
    const places = new PlaceLocator(SOCAL_PLACES, ZONES, async (text) => {
      asked.push(text);
      return text.includes('90045') ? WESTCHESTER : null;
    });
    // Westchester, by LAX: not the city's centre (inside the Downtown zone), whatever the geocoder says.
    await expect(places.pointOf('Los Angeles, CA 90045')).resolves.toEqual(WESTCHESTER);
    expect(asked).toEqual(['Los Angeles, CA 90045']);
    await expect(places.pointOf('Santa Monica, CA 90401')).resolves.toMatchObject(SANTA_MONICA);
    const offline = new PlaceLocator(SOCAL_PLACES, ZONES);
    await expect(offline.locate('Los Angeles, CA 90045')).resolves.toMatchObject({ zones: null });
    expect((await offline.locate('Santa Monica, CA 90401')).zones?.map((z) => z.id)).toEqual(['santa-monica']);
    // Brentwood, Westwood and Del Rey of Northern and Central California are no Los Angeles neighbourhood.
    for (const text of ['Brentwood, CA 94513', 'Westwood, CA 96137', 'Del Rey, CA 93616']) await expect(offline.locate(text)).resolves.toEqual({ text, zones: null });
    // "LA, CA" is "LA", the gazetteer's alias of Los Angeles; "Los Angeles, CA" is the city, as bare "Los Angeles".
    for (const text of ['LA, CA', 'Los Angeles, CA']) await expect(offline.pointOf(text)).resolves.toBe(await offline.pointOf('Los Angeles'));
    await expect(offline.pointOf('LA')).resolves.toMatchObject({ id: 'city:los-angeles' });
  });

  it('pins a street on the maps where the geocoder put it or nowhere, never at its city’s centre (that is for pricing only)', async () => {
    const places = new PlaceLocator(SOCAL_PLACES, ZONES, async () => null);
    await expect(places.pointOf('1 Unknown Ct, Malibu, CA', { geocoder: false })).resolves.toMatchObject({ id: 'city:malibu' });
    await expect(places.pointOf('1 Unknown Ct, Malibu, CA', { geocoder: false, area: false })).resolves.toBeNull();
    await expect(places.geoPointOf('1 Unknown Ct, Malibu, CA', { geocoder: false })).resolves.toBeNull();
    await expect(places.geoPointOf('1 Unknown Ct, Malibu, CA')).resolves.toBeNull();
    await expect(places.geoPointOf('Malibu, CA 90265', { geocoder: false })).resolves.toBeNull();
    // The place itself is where the gazetteer has it.
    await expect(places.geoPointOf('Malibu, CA', { geocoder: false })).resolves.toEqual({ latitude: 34.0259, longitude: -118.7798 });
  });
});
