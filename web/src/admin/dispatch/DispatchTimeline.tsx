import { memo, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import type { BoardDriver, BoardRide, DispatchBoard } from '@limo/contracts';
import { Countdown } from '../../ui/Countdown';
import { countOf, formatTime } from '../../lib/format';
import { FRESHNESS_BADGE, elapsedText, locationFreshness } from '../dashboard/location-format';
import { barSpan, canAssign, dropHint, lanes, needingDriverText, offerWaiting, packTracks, risks, type DayWindow, type Lane } from './board-layout';

/** Pixels per hour of the day, and per track of a lane. */
export const HOUR_PX = 80;
const TRACK_PX = 58;
/** A bar never narrower than this, so a short one can still be read and grabbed. */
const MIN_BAR_PX = 56;
const DRAG_TYPE = 'application/x-limo-ride';

const hourLabel = new Intl.DateTimeFormat('en-US', { hour: 'numeric', timeZone: 'America/Los_Angeles' });

export interface TimelineProps {
  board: DispatchBoard;
  /** The rides in conflict (board-layout's conflicts), each with the other's reference. */
  clashes: ReadonlyMap<number, string>;
  day: DayWindow;
  /** The clock for risks and the now line, refreshed every minute. */
  now: Date;
  selectedId: number | null;
  onSelect: (rideId: number) => void;
  onDrop: (rideId: number, driver: BoardDriver) => void;
  refusals: ReadonlyMap<number, string>;
  busyRideId: number | undefined;
}

/**
 * The day as a timeline: hours across, a lane per driver (the unassigned rides first), each ride a
 * bar from its pickup to the end of its block. A pending ride's bar can be dragged onto a driver's
 * lane (the keyboard's way is the ride's panel). Lanes are memoised: a drag or a refusal redraws
 * only the lanes it concerns, so 200 drivers and 1,000 rides stay responsive.
 */
export function DispatchTimeline({ board, clashes, day, now, selectedId, onSelect, onDrop, refusals, busyRideId }: TimelineProps) {
  const rows = useMemo(() => lanes(board), [board]);
  const [target, setTarget] = useState<number | null>(null);
  const dragged = useRef<number | null>(null);
  const [draggedRide, setDraggedRide] = useState<BoardRide | null>(null);
  // Read through refs by the drag handlers, which stay the same object for the board's life: a
  // new board (a position every few seconds per driver) must not redraw every lane.
  const ridesById = useRef(new Map<number, BoardRide>());
  ridesById.current = useMemo(() => new Map(board.rides.map((r) => [r.id, r])), [board]);
  const dropTo = useRef(onDrop);
  dropTo.current = onDrop;
  const width = day.hours * HOUR_PX;
  const ticks = useMemo(() => Array.from({ length: Math.floor(day.hours) }, (_, h) => hourLabel.format(new Date(day.start + h * 3_600_000))), [day]);
  const nowX = now.getTime() >= day.start && now.getTime() < day.end ? ((now.getTime() - day.start) / 3_600_000) * HOUR_PX : null;

  const drag = useMemo(
    () => ({
      start: (rideId: number) => {
        dragged.current = rideId;
        setDraggedRide(ridesById.current.get(rideId) ?? null);
      },
      end: () => {
        dragged.current = null;
        setDraggedRide(null);
        setTarget(null);
      },
      over: (driverId: number, event: DragEvent) => {
        if (dragged.current === null && !event.dataTransfer.types.includes(DRAG_TYPE)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setTarget(driverId);
      },
      drop: (driver: BoardDriver, event: DragEvent) => {
        event.preventDefault();
        const rideId = dragged.current ?? Number(event.dataTransfer.getData(DRAG_TYPE));
        dragged.current = null;
        setDraggedRide(null);
        setTarget(null);
        if (rideId) dropTo.current(rideId, driver);
      },
    }),
    [],
  );

  return (
    // Focusable, so the keyboard can scroll the day even when it has no ride to focus.
    <div className="board-scroll" data-testid="dispatch-board" role="region" aria-label="The day by driver" tabIndex={0}>
      <div className="board">
        <div className="board-hours" aria-hidden="true">
          <div className="board-corner">Driver</div>
          <div className="board-hours-track" style={{ width }}>
            {ticks.map((label, h) => (
              <span key={h} className="board-hour" style={{ left: h * HOUR_PX }}>
                {label}
              </span>
            ))}
          </div>
        </div>
        <div role="list" aria-label="Drivers and their rides">
          {rows.map((lane) => (
            <LaneRow
              key={lane.driver?.id ?? 'unassigned'}
              lane={lane}
              day={day}
              width={width}
              now={now}
              nowX={nowX}
              clashes={clashes}
              selectedId={selectedId}
              onSelect={onSelect}
              drag={drag}
              hint={draggedRide && lane.driver !== null && lane.driver.id === target ? dropHint(draggedRide, lane) : ''}
              refusals={refusals}
              busyRideId={busyRideId}
            />
          ))}
        </div>
      </div>
    </div>
  );
}

interface DragHandlers {
  start: (rideId: number) => void;
  end: () => void;
  over: (driverId: number, event: DragEvent) => void;
  drop: (driver: BoardDriver, event: DragEvent) => void;
}

interface LaneProps {
  lane: Lane;
  day: DayWindow;
  width: number;
  now: Date;
  nowX: number | null;
  clashes: ReadonlyMap<number, string>;
  selectedId: number | null;
  onSelect: (rideId: number) => void;
  drag: DragHandlers;
  /** While a ride is dragged over this lane: whether the driver can take it ('' otherwise). */
  hint: string;
  refusals: ReadonlyMap<number, string>;
  busyRideId: number | undefined;
}

/**
 * Whether a lane would draw the same: its driver and rides the same objects (the query keeps
 * unchanged parts of a refetched board as they were), and the same marks on them. The maps and
 * the selection are shared by all lanes, so they are compared only for this lane's rides.
 */
function sameLane(a: LaneProps, b: LaneProps): boolean {
  const rides = a.lane.rides;
  return (
    a.lane.driver === b.lane.driver &&
    rides.length === b.lane.rides.length &&
    rides.every((ride, i) => ride === b.lane.rides[i]) &&
    a.day === b.day &&
    a.width === b.width &&
    a.now === b.now &&
    a.nowX === b.nowX &&
    a.onSelect === b.onSelect &&
    a.drag === b.drag &&
    a.hint === b.hint &&
    rides.every(
      (ride) =>
        a.clashes.get(ride.id) === b.clashes.get(ride.id) &&
        a.refusals.get(ride.id) === b.refusals.get(ride.id) &&
        (a.selectedId === ride.id) === (b.selectedId === ride.id) &&
        (a.busyRideId === ride.id) === (b.busyRideId === ride.id),
    )
  );
}

const LaneRow = memo(function LaneRow({ lane, day, width, now, nowX, clashes, selectedId, onSelect, drag, hint, refusals, busyRideId }: LaneProps) {
  const { driver, rides } = lane;
  const { track, count } = useMemo(() => packTracks(rides), [rides]);
  const label = driver ? driver.name : 'Unassigned';
  return (
    <div
      role="listitem"
      aria-label={`${driver ? `${driver.name}, ${driver.onDuty ? 'on duty' : 'off duty'}` : 'Unassigned'}, ${countOf(rides.length, 'ride')}`}
      className={`board-lane${driver ? '' : ' board-lane-unassigned'}${driver && !driver.onDuty ? ' board-lane-off' : ''}${hint ? ` board-lane-target${hint.startsWith('Free') ? '' : ' board-lane-refusing'}` : ''}`}
      data-testid={driver ? `lane-driver-${driver.id}` : 'lane-unassigned'}
      onDragOver={driver ? (e) => drag.over(driver.id, e) : undefined}
      onDrop={driver ? (e) => drag.drop(driver, e) : undefined}
    >
      <div className="board-lane-label">
        <span className="board-lane-name">{label}</span>
        {hint && (
          <span className="board-drop-hint small" role="status">
            {hint}
          </span>
        )}
        {driver ? <DriverState driver={driver} now={now} /> : <span className="muted small">{needingDriverText(rides)}</span>}
      </div>
      <div className="board-lane-track" style={{ width, height: count * TRACK_PX + 6 }}>
        {nowX !== null && <span className="board-now" style={{ left: nowX }} aria-hidden="true" />}
        {rides.map((ride) => (
          <Bar
            key={ride.id}
            ride={ride}
            day={day}
            top={(track.get(ride.id) ?? 0) * TRACK_PX + 3}
            risks={risks(ride, driver ?? undefined, now)}
            clash={clashes.get(ride.id)}
            refusal={refusals.get(ride.id)}
            busy={busyRideId === ride.id}
            selected={selectedId === ride.id}
            onSelect={onSelect}
            drag={drag}
          />
        ))}
      </div>
    </div>
  );
}, sameLane);

function DriverState({ driver, now }: { driver: BoardDriver; now: Date }) {
  const freshness = locationFreshness(driver.location?.at, now);
  return (
    <span className="board-driver-state small">
      <span className={`badge ${driver.onDuty ? 'badge-green' : 'badge-gray'}`}>{driver.onDuty ? 'On duty' : 'Off duty'}</span>{' '}
      <span className="muted" title={`Location: ${FRESHNESS_BADGE[freshness].label}`}>
        {driver.location ? `Seen ${elapsedText(driver.location.at, now).toLowerCase()}` : 'No location'}
      </span>
    </span>
  );
}

interface BarProps {
  ride: BoardRide;
  day: DayWindow;
  top: number;
  risks: string[];
  clash: string | undefined;
  refusal: string | undefined;
  busy: boolean;
  selected: boolean;
  onSelect: (rideId: number) => void;
  drag: DragHandlers;
}

const STATUS_WORDS: Record<BoardRide['status'], string> = {
  pending: 'Needs a driver',
  confirmed: 'Confirmed',
  'in-progress': 'Under way',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** What a bar says in words: its state first, since its colour alone must not carry it. */
function stateWords(ride: BoardRide): string {
  if (offerWaiting(ride)) return 'Offer waiting';
  if (ride.status === 'in-progress' && ride.driverStatus) return `Under way (${ride.driverStatus})`;
  return STATUS_WORDS[ride.status];
}

const shortPlace = (place: string) => place.split(',')[0];

function Bar({ ride, day, top, risks: rideRisks, clash, refusal, busy, selected, onSelect, drag }: BarProps) {
  const span = barSpan(ride, day);
  const draggable = canAssign(ride) && !busy;
  const route = ride.dropoffLocation ? `${shortPlace(ride.pickupLocation)} → ${shortPlace(ride.dropoffLocation)}` : `${shortPlace(ride.pickupLocation)} (hourly)`;
  const flags = [...(clash ? [`Conflict with ${clash}`] : []), ...rideRisks];
  const state = offerWaiting(ride) ? 'offer' : ride.status;
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(ride.id);
    }
  };
  return (
    <div
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      title={[`${ride.reference} · ${ride.customerName} · ${route}`, ...flags].join('\n')}
      data-testid={`bar-${ride.reference}`}
      className={`board-bar bar-${state}${flags.length ? ' bar-flagged' : ''}${refusal ? ' bar-refused' : ''}${selected ? ' bar-selected' : ''}${busy ? ' bar-busy' : ''}`}
      style={{ left: span.from * HOUR_PX, width: Math.max(MIN_BAR_PX, span.length * HOUR_PX - 2), top }}
      draggable={draggable}
      onDragStart={(event) => {
        event.dataTransfer.setData(DRAG_TYPE, String(ride.id));
        event.dataTransfer.setData('text/plain', ride.reference);
        event.dataTransfer.effectAllowed = 'move';
        drag.start(ride.id);
      }}
      onDragEnd={drag.end}
      onClick={() => onSelect(ride.id)}
      onKeyDown={onKey}
    >
      <span className="bar-line">
        <strong>{formatTime(ride.pickupTime)}</strong> <span className="mono">{ride.reference}</span>
      </span>
      <span className="bar-line">
        {ride.customerName} · {route}
      </span>
      <span className="bar-line bar-state">
        {clash && <span className="bar-flag">⚠ Conflict</span>}
        {rideRisks.length > 0 && <span className="bar-flag">⚠ At risk</span>}
        {ride.responseDeadline ? <Countdown deadline={ride.responseDeadline} label="Offer" expiredText="Offer expired" /> : <span>{stateWords(ride)}</span>}
        {busy && <span>assigning…</span>}
      </span>
      {flags.length > 0 && <span className="visually-hidden">{flags.join('. ')}</span>}
      {refusal && (
        <span className="bar-refusal" role="alert">
          {refusal}
        </span>
      )}
    </div>
  );
}
