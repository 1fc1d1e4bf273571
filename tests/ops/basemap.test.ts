import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The offline basemap the web app serves is what scripts/build-basemap.mjs makes of its public-domain sources. */
describe('the offline basemap of Southern California', () => {
  const file = new URL('../../web/public/maps/socal-basemap.json', import.meta.url);

  it('is committed as the script builds it', () => {
    const check = spawnSync(process.execPath, ['scripts/build-basemap.mjs', '--check'], { encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it("has the land, the region's borders, and the gazetteer's airports and cities", () => {
    const { features } = JSON.parse(readFileSync(file, 'utf8')) as { features: { properties: { layer: string; name: string; code?: string }; geometry: { type: string; coordinates: unknown[] } }[] };
    const names = (layer: string) => features.filter((f) => f.properties.layer === layer).map((f) => f.properties.code ?? f.properties.name);
    const land = features.find((f) => f.properties.layer === 'land')!;
    // The mainland and the Channel Islands, Catalina among them.
    expect(land.geometry.type).toBe('MultiPolygon');
    expect(land.geometry.coordinates.length).toBeGreaterThanOrEqual(6);
    expect(names('county-border')).toEqual(['County borders']);
    expect(names('state-border')).toEqual(['State borders', 'Mexico border']);
    expect(names('airport')).toEqual(expect.arrayContaining(['LAX', 'BUR', 'LGB', 'SNA', 'ONT', 'SAN', 'PSP']));
    expect(names('city')).toEqual(expect.arrayContaining(['Los Angeles', 'Santa Monica', 'Anaheim', 'Irvine', 'Pasadena']));
  });
});
