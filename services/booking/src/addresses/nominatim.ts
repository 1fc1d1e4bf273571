import type { AddressSuggestion } from '@limo/contracts';

/** Southern California, roughly Santa Barbara to San Diego and out to the desert. */
const SOCAL_VIEWBOX = '-120.2,35.1,-114.4,32.5';

interface NominatimPlace {
  place_id?: number | string;
  osm_type?: string;
  osm_id?: number | string;
  lat?: string;
  lon?: string;
  name?: string;
  display_name?: string;
  address?: Record<string, string>;
}

/**
 * Suggestions from a Nominatim-compatible geocoder (`/search?format=jsonv2`), limited to the
 * region. The main line is the place's name, or its house number and road.
 */
export async function searchNominatim(
  baseUrl: string,
  query: string,
  options: { limit?: number; userAgent: string; timeoutMs?: number; fetch?: typeof fetch },
): Promise<AddressSuggestion[]> {
  const url = new URL('search', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  url.search = new URLSearchParams({
    q: query,
    format: 'jsonv2',
    addressdetails: '1',
    limit: String(options.limit ?? 8),
    countrycodes: 'us',
    viewbox: SOCAL_VIEWBOX,
    bounded: '1',
  }).toString();
  const res = await (options.fetch ?? fetch)(url, {
    headers: { 'User-Agent': options.userAgent, Accept: 'application/json', 'Accept-Language': 'en' },
    signal: AbortSignal.timeout(options.timeoutMs ?? 3000),
  });
  if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
  const body = (await res.json()) as unknown;
  if (!Array.isArray(body)) throw new Error('geocoder answered something other than a list');
  return (body as NominatimPlace[]).filter((p) => p.display_name).map(toSuggestion);
}

function toSuggestion(place: NominatimPlace): AddressSuggestion {
  const display = place.display_name!;
  const street = [place.address?.house_number, place.address?.road].filter(Boolean).join(' ');
  const main = place.name?.trim() || street || display.split(',')[0].trim();
  const lat = Number(place.lat);
  const lon = Number(place.lon);
  return {
    id: String(place.place_id ?? `${place.osm_type ?? 'osm'}${place.osm_id ?? display}`),
    address: main,
    display_name: display,
    ...(Number.isFinite(lat) && Number.isFinite(lon) ? { lat, lon } : {}),
  };
}
