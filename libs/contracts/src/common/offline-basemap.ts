// Without zod: the map component loads it, not the schemas.

/** Where the offline basemap is served (web/public/maps, built by scripts/build-basemap.mjs). */
export const OFFLINE_BASEMAP_PATH = '/maps/socal-basemap.json';
