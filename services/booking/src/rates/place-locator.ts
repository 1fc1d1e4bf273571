import { airportOf, isDowntownLA, type GeoPoint } from '@limo/contracts';
import { normalize } from '../addresses/gazetteer.js';
import type { Place } from '../addresses/socal-places.js';
import { namedPlace } from './named-place.js';
import type { LocatedEnd } from './quote-ride.js';
import { zonesAt, type Point, type Zone } from './rate-zones.js';

/** Finds a place's coordinates with an outside geocoder (GEOCODER_URL), or null. */
export type Geocode = (text: string) => Promise<Point | null>;

const onEarth = (lat: number, lon: number): Point | null => (Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : null);

const COORDINATES = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;
const KEPT_MAX = 2_000;

/**
 * Places one end of a ride for pricing: coordinates typed or shared by the browser ("lat, lng"), a
 * gazetteer suggestion as picked or a place named exactly (its name, code or alias), an airport
 * the text names ("LAX terminal 4"), Downtown Los Angeles named any way ("DTLA, 90012"), a place
 * named with its state or country ("Santa Monica, CA", namedPlace), then the configured geocoder.
 * A street or ZIP code in a named place ("1200 Ocean Ave, Santa Monica, CA", "Los Angeles, CA
 * 90045") is the geocoder's first, else, for pricing only, the place's when a zone is drawn around
 * that place (never on a map: it would pin the street at the city's centre). Anything else is not
 * placed: the quote is the minimum fare, to be confirmed on the call, never a distance made up from
 * a guess.
 */
export class PlaceLocator {
  private readonly exact = new Map<string, Place>();
  private readonly airports = new Map<string, Place>();
  private readonly downtown: Place | undefined;
  /** Places a zone is drawn around: the rate table prices each as a whole, so any street in one takes its fare. */
  private readonly zonePlaces: Set<string>;
  /** Geocoder answers by text (bounded: texts come from customers). */
  private readonly geocoded = new Map<string, Point | null>();

  constructor(
    places: readonly Place[],
    private readonly zones: readonly Zone[],
    private readonly geocode?: Geocode,
  ) {
    for (const place of places) {
      this.exact.set(normalize(`${place.name}, ${place.line}`), place);
      if (!this.exact.has(normalize(place.name))) this.exact.set(normalize(place.name), place);
      for (const alias of place.aliases ?? []) if (!this.exact.has(normalize(alias))) this.exact.set(normalize(alias), place);
      if (place.kind === 'airport') for (const alias of place.aliases ?? []) if (/^[A-Z0-9]{3}$/.test(alias)) this.airports.set(alias, place);
    }
    this.downtown = places.find((p) => p.id === 'neighborhood:downtown-los-angeles');
    this.zonePlaces = new Set(zones.map((zone) => zone.place));
  }

  async locate(text: string): Promise<LocatedEnd> {
    const point = await this.pointOf(text);
    return { text, zones: point ? zonesAt(point, this.zones) : null };
  }

  /**
   * The coordinates of a text, or null when it cannot be placed. `area: false` (the maps) leaves a
   * street or ZIP code in a zone's place unplaced without the geocoder's answer, rather than at the place's point.
   */
  async pointOf(text: string, { geocoder = true, area: priced = true }: { geocoder?: boolean; area?: boolean } = {}): Promise<Point | null> {
    const coordinates = COORDINATES.exec(text);
    // Typed coordinates off the globe place nothing: the quote is confirmed on the call, and no map or reply carries them.
    if (coordinates) return onEarth(Number(coordinates[1]), Number(coordinates[2]));
    const place = this.exact.get(normalize(text));
    if (place) return place;
    const code = airportOf(text);
    if (code && this.airports.has(code)) return this.airports.get(code)!;
    if (this.downtown && isDowntownLA(text)) return this.downtown;
    const named = namedPlace(text, (key) => this.exact.get(key));
    if (named && !named.within) return named.place;
    // A street or ZIP stands at its place's point only in a place priced as a whole: a street anywhere in Los Angeles is not Downtown.
    const area = priced && named && this.zonePlaces.has(named.place.id) ? named.place : null;
    if (!this.geocode) return area;
    const found = geocoder ? await this.geocodedPoint(text) : (this.geocoded.get(normalize(text)) ?? null);
    return found ?? area;
  }

  /** The same, as the maps take it (latitude, longitude): a street is pinned where it is or not at all. */
  async geoPointOf(text: string, options?: { geocoder?: boolean }): Promise<GeoPoint | null> {
    const point = await this.pointOf(text, { ...options, area: false });
    return point && { latitude: point.lat, longitude: point.lon };
  }

  private async geocodedPoint(text: string): Promise<Point | null> {
    const key = normalize(text);
    if (this.geocoded.has(key)) return this.geocoded.get(key)!;
    // A geocoder that fails leaves the place unplaced this time (minimum fare, confirmed on the call), not remembered.
    const point = await this.geocode!(text).catch(() => undefined);
    if (point === undefined) return null;
    if (this.geocoded.size >= KEPT_MAX) this.geocoded.clear();
    this.geocoded.set(key, point);
    return point;
  }
}
