import { SOCAL_PLACES } from '../addresses/socal-places.js';
import { PlaceLocator } from './place-locator.js';

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
});
