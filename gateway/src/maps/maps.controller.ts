import { Controller, Get, Header, Inject } from '@nestjs/common';
import { MapSettings } from '@limo/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { ApiResponse } from '../docs/api-response.decorator.js';

/** Tiles credited to OpenStreetMap's contributors unless the operator says whose they are. */
const DEFAULT_ATTRIBUTION = '© OpenStreetMap contributors';

/** `GET /api/map`: the tile service the maps use (MAP_TILE_URL), or none (the offline basemap). */
@Controller('api/map')
export class MapsController {
  private readonly settings: MapSettings;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.settings = { tiles: config.MAP_TILE_URL ? { url: config.MAP_TILE_URL, attribution: config.MAP_TILE_ATTRIBUTION ?? DEFAULT_ATTRIBUTION } : null };
  }

  @Get()
  // Settings change only with a restart: a browser may keep them for the session's pages.
  @Header('Cache-Control', 'public, max-age=300')
  @ApiResponse(MapSettings, { description: 'The map tile service and its attribution; tiles null: the offline basemap of Southern California' })
  get(): MapSettings {
    return this.settings;
  }
}

/** The origin a CSP img-src must allow for the tiles: `{s}` subdomains as a wildcard. */
export function tileOrigin(url: string | undefined): string | null {
  if (!url) return null;
  const parsed = new URL(url.replace('{s}', 'sub'));
  const host = url.includes('{s}.') ? parsed.host.replace(/^sub\./, '*.') : parsed.host;
  return `${parsed.protocol}//${host}`;
}
