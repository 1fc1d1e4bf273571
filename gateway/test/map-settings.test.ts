import request from 'supertest';
import type { MapSettings } from '@limo/contracts';
import { readGatewayConfig } from '../src/config.js';
import { tileOrigin } from '../src/maps/maps.controller.js';
import { withStack } from '../../tests/support/fixtures.js';

describe('map tiles', () => {
  describe('configured (MAP_TILE_URL)', () => {
    const stack = withStack({ services: [], env: { MAP_TILE_URL: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '© Example Maps' } });

    it('tells the web app where tiles come from, and lets the pages show images from there', async () => {
      const res = await request(stack.baseUrl).get('/api/map').expect(200);
      expect(res.body as MapSettings).toEqual({ tiles: { url: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png', attribution: '© Example Maps' } });
      const page = await request(stack.baseUrl).get('/track').expect(200);
      expect(page.headers['content-security-policy']).toMatch(/img-src 'self' data: https:\/\/\*\.tiles\.example\.com;/);
    });
  });

  describe('not configured', () => {
    const stack = withStack({ services: [] });

    it('says none (the offline basemap), and the pages show images from themselves only', async () => {
      expect((await request(stack.baseUrl).get('/api/map').expect(200)).body).toEqual({ tiles: null });
      const page = await request(stack.baseUrl).get('/track').expect(200);
      expect(page.headers['content-security-policy']).toMatch(/img-src 'self' data:;/);
    });
  });

  it('refuses a tile address without {z}, {x} and {y}, or not http(s), at start', () => {
    const base = { LINK_SIGNING_SECRET: 'x'.repeat(43) };
    expect(() => readGatewayConfig({ ...base, MAP_TILE_URL: 'https://tiles.example.com/tile.png' })).toThrow(/MAP_TILE_URL must contain \{z\}, \{x\} and \{y\}/);
    expect(() => readGatewayConfig({ ...base, MAP_TILE_URL: 'ftp://tiles.example.com/{z}/{x}/{y}.png' })).toThrow();
    expect(readGatewayConfig({ ...base, MAP_TILE_URL: '' }).MAP_TILE_URL).toBeUndefined();
  });

  it.each([
    ['https://tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://tile.openstreetmap.org'],
    ['https://{s}.basemaps.example.net:8443/{z}/{x}/{y}@2x.png', 'https://*.basemaps.example.net:8443'],
    [undefined, null],
  ])('the image origin of %s is %s', (url, origin) => expect(tileOrigin(url)).toBe(origin));
});
