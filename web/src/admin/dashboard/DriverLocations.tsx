import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import type { DriverLocation } from '@limo/contracts';
import { InlineError } from '../components/AuthErrorPanel';
import { driverFullName } from '../drivers/driver-format';
import { useNow } from '../../lib/use-now';
import { elapsedText, formatCoordinate, FRESHNESS_BADGE, locationFreshness, mapsUrl } from './location-format';
import { POLL } from './polling';
import type { MappedDriver } from '../live-map/driver-markers';

// Leaflet comes with the panel's map, after the dashboard's figures.
const DriversMap = lazy(() => import('../live-map/DriversMap'));

/** Where the drivers are: on-duty drivers on a map by freshness, then each one's time since the last update, coordinates and a map link. */
export function DriverLocations() {
  const locations = useQuery<DriverLocation[]>({ queryKey: ['/api/drivers/locations'], refetchInterval: POLL.locations });
  const now = useNow(POLL.locations);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const mapped = useMemo(() => (locations.data ?? []).map(toMapped), [locations.data]);
  const onMap = mapped.some((d) => d.onDuty && d.lat !== null);
  // The list item of a driver chosen on the map comes into view.
  const select = useCallback((id: number) => {
    setSelectedId(id);
    document.getElementById(`driver-location-${id}`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, []);

  return (
    <section className="card dash-panel" aria-labelledby="driver-locations-heading">
      <div className="section-head">
        <h2 id="driver-locations-heading" className="section-title">
          Driver Locations
        </h2>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => locations.refetch()}
          disabled={locations.isFetching}
          aria-label="Refresh driver locations"
        >
          {locations.isFetching ? 'Refreshing...' : 'Refresh'}
        </button>
      </div>
      {locations.isLoading ? (
        <p className="inline-loading">Loading driver locations...</p>
      ) : locations.isError ? (
        <InlineError what="driver locations" error={locations.error} />
      ) : !locations.data?.length ? (
        <p className="inline-empty">No drivers with location data found</p>
      ) : (
        <>
        {onMap && (
          <Suspense fallback={<div className="admin-live-map map-placeholder" aria-hidden="true" />}>
            <DriversMap drivers={mapped} now={now} selectedId={selectedId} onSelect={select} />
          </Suspense>
        )}
        <ul className="location-list">
          {locations.data.map((driver) => {
            const freshness = FRESHNESS_BADGE[locationFreshness(driver.lastLocationUpdate, now)];
            const lat = formatCoordinate(driver.currentLatitude);
            const lng = formatCoordinate(driver.currentLongitude);
            const name = driverFullName(driver);
            return (
              <li key={driver.id} id={`driver-location-${driver.id}`} className={`location-item${driver.id === selectedId ? ' is-selected' : ''}`} aria-current={driver.id === selectedId ? 'true' : undefined}>
                <div className="location-who">
                  <p className="location-name">{name}</p>
                  <p className="muted mono">@{driver.username}</p>
                </div>
                <div className="location-badges">
                  <span className={`badge ${driver.isOnDuty ? 'badge-green' : 'badge-gray'}`}>{driver.isOnDuty ? 'On Duty' : 'Off Duty'}</span>
                  <span className={`badge ${freshness.className}`}>{freshness.label}</span>
                </div>
                <p className="location-when">
                  <span className="visually-hidden">Last update: </span>
                  {elapsedText(driver.lastLocationUpdate, now)}
                </p>
                <p className="location-coords mono">{lat && lng ? `${lat}, ${lng}` : 'No coordinates'}</p>
                {lat && lng && (
                  <a
                    className="btn btn-outline btn-sm"
                    href={mapsUrl(lat, lng)}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`View ${name} on the map (opens in a new tab)`}
                  >
                    View
                  </a>
                )}
              </li>
            );
          })}
        </ul>
        </>
      )}
    </section>
  );
}

function toMapped(driver: DriverLocation): MappedDriver {
  const lat = driver.currentLatitude === null ? null : Number(driver.currentLatitude);
  const lon = driver.currentLongitude === null ? null : Number(driver.currentLongitude);
  return { id: driver.id, name: driverFullName(driver), lat, lon, at: driver.lastLocationUpdate, onDuty: driver.isOnDuty };
}
