import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** One place of the gazetteer, as services/booking/data/socal-places.json lists them. */
export const Place = z
  .object({
    id: z.string().regex(/^[a-z]+:[a-z0-9-]+$/),
    kind: z.enum(['airport', 'city', 'neighborhood', 'landmark', 'hotel', 'venue', 'transit']),
    /** The main line of a suggestion, e.g. "Los Angeles International Airport (LAX)". */
    name: z.string().min(1),
    /** What follows the name in the full display name: street and city, or county and state. */
    line: z.string().min(1),
    // Southern California, WGS84 (about 100 m).
    lat: z.number().min(32).max(36),
    lon: z.number().min(-121).max(-114),
    /** Other names people type: airport codes, nicknames, former names. */
    aliases: z.array(z.string().min(1)).optional(),
  })
  .strict();
export type Place = z.infer<typeof Place>;
export type PlaceKind = Place['kind'];

const Places = z.array(Place).superRefine((places, ctx) => {
  const seen = new Set<string>();
  for (const { id } of places) {
    if (seen.has(id)) ctx.addIssue({ code: 'custom', message: `place ${id} is listed twice` });
    seen.add(id);
  }
});

/** Reads and checks a gazetteer file: a place out of shape stops the service at start, never a wrong suggestion. */
export function loadPlaces(file: URL): Place[] {
  return Places.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** The built-in gazetteer: Southern California places a chauffeur service is asked for; airports carry their codes as aliases. */
export const SOCAL_PLACES: readonly Place[] = loadPlaces(new URL('../../data/socal-places.json', import.meta.url));
