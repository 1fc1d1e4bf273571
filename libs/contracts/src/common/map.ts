import { z } from 'zod';

/** A place on the map (WGS84). */
export const GeoPoint = z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }).strict();
export type GeoPoint = z.infer<typeof GeoPoint>;

/** `GET /api/map`: where the web app's maps take their tiles from; null: the offline basemap shipped with the app. */
export const MapSettings = z.object({
  tiles: z.object({ url: z.string(), attribution: z.string() }).nullable(),
});
export type MapSettings = z.infer<typeof MapSettings>;

export { OFFLINE_BASEMAP_PATH } from './offline-basemap.js';
