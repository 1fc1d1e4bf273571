import { useMemo, useState } from 'react';
import type { BoardRide, DispatchBoard } from '@limo/contracts';
import DriversMap from '../live-map/DriversMap';
import { elapsedText, FRESHNESS_BADGE, locationFreshness } from '../dashboard/location-format';
import { DRIVER_STATUS_LABELS } from '../../lib/ride-status-labels';
import { driverDay, mappedDriver, rideMarkers } from './driver-day';

/**
 * The live map of the day (the board's Map view): on-duty drivers by freshness and the rides still
 * to do at their pickups. Choosing a driver lists their ride under way and their next ones; choosing
 * a ride opens it as on the timeline. Loaded with Leaflet only when the Map view is opened.
 */
export default function DispatchMap({ board, now, selectedRideId, onSelectRide }: { board: DispatchBoard; now: Date; selectedRideId: number | null; onSelectRide: (id: number) => void }) {
  const [driverId, setDriverId] = useState<number | null>(null);
  const drivers = useMemo(() => board.drivers.map(mappedDriver), [board.drivers]);
  const rides = useMemo(() => rideMarkers(board, selectedRideId, onSelectRide), [board, selectedRideId, onSelectRide]);
  const driver = board.drivers.find((d) => d.id === driverId);
  const day = driver ? driverDay(board.rides, driver.id) : null;
  const freshness = driver ? FRESHNESS_BADGE[locationFreshness(driver.location?.at ?? null, now)] : null;

  return (
    <div className="dispatch-map">
      <DriversMap drivers={drivers} now={now} selectedId={driverId} onSelect={setDriverId} extra={rides} label="Map of drivers on duty and the day's rides" />
      <aside className="card dispatch-map-panel" aria-live="polite" aria-labelledby="dispatch-map-driver">
        {driver && day && freshness ? (
          <>
            <h2 id="dispatch-map-driver" className="section-title">
              {driver.name}
            </h2>
            <p>
              <span className={`badge ${freshness.className}`}>{freshness.label}</span> <span className="muted">position {elapsedText(driver.location?.at ?? null, now).toLowerCase()}</span>
            </p>
            <h3 className="dispatch-map-subtitle">Current ride</h3>
            {day.current ? <RideLine ride={day.current} onSelect={onSelectRide} /> : <p className="muted">None under way.</p>}
            <h3 className="dispatch-map-subtitle">Next rides</h3>
            {day.next.length ? (
              <ul className="dispatch-map-rides">
                {day.next.map((ride) => (
                  <li key={ride.id}>
                    <RideLine ride={ride} onSelect={onSelectRide} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">No more rides this day.</p>
            )}
          </>
        ) : (
          <p id="dispatch-map-driver" className="muted">
            Choose a driver on the map for their current and next rides, or a ride for its details.
          </p>
        )}
      </aside>
    </div>
  );
}

function RideLine({ ride, onSelect }: { ride: BoardRide; onSelect: (id: number) => void }) {
  const state = ride.driverStatus ? DRIVER_STATUS_LABELS[ride.driverStatus] : ride.driverResponse === 'pending' ? 'Offer waiting' : 'Accepted';
  return (
    <button type="button" className="dispatch-map-ride" onClick={() => onSelect(ride.id)}>
      <span>
        <strong>{ride.pickupTime}</strong> <span className="mono">{ride.reference}</span> · {state}
      </span>
      <span className="muted dispatch-map-route">
        {ride.pickupLocation}
        {ride.dropoffLocation && ` → ${ride.dropoffLocation}`}
      </span>
    </button>
  );
}
