import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { RateZone } from '@limo/contracts';
import type { Place } from '../addresses/socal-places.js';

/** A zone of the rate table: a gazetteer place (airport, city, neighbourhood) and the radius around it. */
const ZoneRow = z.object({ id: z.string().regex(/^[a-z0-9-]{2,40}$/), name: z.string().min(1), place: z.string(), radiusKm: z.number().positive().max(30) }).strict();

export interface Zone extends RateZone {
  /** The gazetteer place it is drawn around. */
  place: string;
  lat: number;
  lon: number;
  radiusKm: number;
}

export interface Point {
  lat: number;
  lon: number;
}

const EARTH_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: Point, b: Point): number {
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Reads services/booking/data/rate-zones.json against the gazetteer: a zone naming no place, or an id twice, stops the service at start. */
export function loadZones(file: URL, places: readonly Place[]): Zone[] {
  const rows = z.array(ZoneRow).parse(JSON.parse(readFileSync(file, 'utf8')));
  const byId = new Map(places.map((p) => [p.id, p]));
  const seen = new Set<string>();
  return rows.map((row) => {
    const place = byId.get(row.place);
    if (!place || (place.kind !== 'airport' && place.kind !== 'city' && place.kind !== 'neighborhood')) throw new Error(`zone ${row.id}: ${row.place} is not an airport, city or neighbourhood of the gazetteer`);
    if (seen.has(row.id)) throw new Error(`zone ${row.id} is listed twice`);
    seen.add(row.id);
    return { id: row.id, name: row.name, kind: place.kind, place: place.id, lat: place.lat, lon: place.lon, radiusKm: row.radiusKm };
  });
}

/** The zones a point lies in, the smallest (most specific) first. */
export function zonesAt(point: Point, zones: readonly Zone[]): Zone[] {
  return zones.filter((zone) => distanceKm(point, zone) <= zone.radiusKm).sort((a, b) => a.radiusKm - b.radiusKm);
}

/** The zones of the rate table, loaded once at start (rate-zones.json, checked against the gazetteer). */
export class RateZones {
  private readonly ids: Map<string, Zone>;

  constructor(readonly all: readonly Zone[]) {
    this.ids = new Map(all.map((z) => [z.id, z]));
  }

  byId(id: string): Zone | undefined {
    return this.ids.get(id);
  }

  /** The zones as the admin's Rates page lists them. */
  list(): RateZone[] {
    return this.all.map(({ id, name, kind }) => ({ id, name, kind }));
  }
}
