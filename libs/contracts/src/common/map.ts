import { z } from 'zod';

/** `GET /api/map`: where the web app's maps take their tiles from; null: the offline basemap shipped with the app. */
export const MapSettings = z.object({
  tiles: z.object({ url: z.string(), attribution: z.string() }).nullable(),
});
export type MapSettings = z.infer<typeof MapSettings>;

/** Where the offline basemap is served (web/public/maps, built by scripts/build-basemap.mjs). */
export const OFFLINE_BASEMAP_PATH = '/maps/socal-basemap.json';
