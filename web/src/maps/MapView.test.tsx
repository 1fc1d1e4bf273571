/** @jest-environment jsdom */
import { readFileSync } from 'node:fs';
import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { renderWithApp } from '../test-support/render';
import MapView from './MapView';
import type { MapMarker } from './map-types';

/** The committed offline basemap, served as the gateway serves web/public. */
const BASEMAP = readFileSync(new URL('../../public/maps/socal-basemap.json', import.meta.url), 'utf8');

const car = (at: [number, number]): MapMarker => ({ id: 'car', kind: 'car', at, label: "Lucia's car" });
const pickup: MapMarker = { id: 'pickup', kind: 'pickup', at: [34.0086, -118.4986], label: 'Pickup: Santa Monica Pier' };

/** The map with markers a test changes, inside the app's providers. */
let setMarkers: (markers: MapMarker[]) => void = () => {};
function Moving({ initial }: { initial: MapMarker[] }) {
  const [markers, set] = useState(initial);
  setMarkers = set;
  return <MapView label="Map of your ride" markers={markers} />;
}

describe('MapView with the offline basemap', () => {
  const realFetch = globalThis.fetch;
  beforeAll(() => {
    // jsdom has neither fetch nor Response: the part of a response the basemap reads.
    globalThis.fetch = (async (url: string) => ({ ok: url === '/maps/socal-basemap.json', status: 200, json: async () => JSON.parse(BASEMAP) as unknown })) as unknown as typeof fetch;
  });
  afterAll(() => {
    globalThis.fetch = realFetch;
  });

  it('draws the land, the borders, airports and cities, labelled, under the markers, and moves a marker in place', async () => {
    const { container } = renderWithApp(<Moving initial={[pickup, car([33.9416, -118.4085])]} />, { queryData: { '/api/map': { tiles: null } } });
    const region = await screen.findByRole('region', { name: 'Map of your ride' });
    // The land, the county and state borders; labels: airports by code, cities by name.
    await waitFor(() => expect(region.querySelector('path.basemap-land')).not.toBeNull());
    expect(region.querySelectorAll('path.basemap-county-border')).toHaveLength(1);
    expect(region.querySelectorAll('path.basemap-state-border')).toHaveLength(2);
    const labels = [...region.querySelectorAll('.basemap-label')].map((l) => l.textContent);
    expect(labels).toEqual(expect.arrayContaining(['LAX', 'SNA', 'BUR', 'LGB', 'Santa Monica', 'Pasadena', 'Irvine']));
    expect(region.querySelectorAll('.basemap-label-airport').length).toBeGreaterThan(10);
    expect(region.textContent).toContain('US Census Bureau, Natural Earth');

    const carMarker = screen.getByRole('img', { name: "Lucia's car" });
    expect(carMarker.dataset.at).toBe('33.94160,-118.40850');
    expect((screen.getByRole('img', { name: 'Pickup: Santa Monica Pier' }).firstElementChild as HTMLElement).dataset.text).toBe('P');

    // A new position moves the same element (it glides) rather than drawing another car.
    await act(async () => setMarkers([pickup, car([34.0522, -118.2437])]));
    expect(screen.getByRole('img', { name: "Lucia's car" })).toBe(carMarker);
    expect(carMarker.dataset.at).toBe('34.05220,-118.24370');
    expect(container.querySelectorAll('.map-pin-car')).toHaveLength(1);

    // The car gone (drop-off): its marker is removed, the pickup stays.
    await act(async () => setMarkers([pickup]));
    expect(screen.queryByRole('img', { name: "Lucia's car" })).toBeNull();
    expect(screen.getByRole('img', { name: 'Pickup: Santa Monica Pier' })).toBeTruthy();
  });

  it('draws a road line under the markers, and takes it away', async () => {
    function Routed({ route }: { route: [number, number][] | null }) {
      return <MapView label="Map of your ride" markers={[pickup]} route={route} />;
    }
    let show: (route: [number, number][] | null) => void = () => {};
    function Holder() {
      const [route, setRoute] = useState<[number, number][] | null>([
        [33.9416, -118.4085],
        [34.0086, -118.4986],
      ]);
      show = setRoute;
      return <Routed route={route} />;
    }
    const { container } = renderWithApp(<Holder />, { queryData: { '/api/map': { tiles: null } } });
    await screen.findByRole('region', { name: 'Map of your ride' });
    await waitFor(() => expect(container.querySelectorAll('path.map-route')).toHaveLength(1));
    await act(async () => show(null));
    expect(container.querySelectorAll('path.map-route')).toHaveLength(0);
  });

  it('takes tiles from the configured service, credited, instead of the offline basemap', async () => {
    const tiles = { url: 'https://tiles.example.com/{z}/{x}/{y}.png', attribution: '© Example Maps' };
    renderWithApp(<MapView label="Map of your ride" markers={[pickup]} />, { queryData: { '/api/map': { tiles } } });
    const region = await screen.findByRole('region', { name: 'Map of your ride' });
    await waitFor(() => expect(region.querySelector('img.leaflet-tile')).not.toBeNull());
    expect((region.querySelector('img.leaflet-tile') as HTMLImageElement).src).toMatch(/^https:\/\/tiles\.example\.com\/\d+\/\d+\/\d+\.png$/);
    expect(region.textContent).toContain('© Example Maps');
    expect(region.querySelector('path.basemap-land')).toBeNull();
  });

  it('a marker with an action is a button that says whether it is selected', async () => {
    const chosen: string[] = [];
    const driver: MapMarker = { id: 'd1', kind: 'driver', at: [34.05, -118.25], label: 'Lucia Ortiz, live', text: 'LO', tone: 'live', onSelect: () => chosen.push('d1') };
    renderWithApp(<MapView label="Drivers" markers={[driver]} follow="once" />, { queryData: { '/api/map': { tiles: null } } });
    const button = await screen.findByRole('button', { name: 'Lucia Ortiz, live' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.className).toContain('map-tone-live');
    button.click();
    expect(chosen).toEqual(['d1']);
    // From the keyboard too (Leaflet only fires keypress on a marker).
    button.dispatchEvent(new KeyboardEvent('keypress', { key: 'Enter', keyCode: 13, bubbles: true }));
    expect(chosen).toEqual(['d1', 'd1']);
  });
});
