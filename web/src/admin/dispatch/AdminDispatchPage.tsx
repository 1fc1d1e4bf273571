import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useOutletContext, useSearchParams } from 'react-router-dom';
import { addDays, businessToday, isCalendarDate } from '@limo/contracts/common/business-time';
import type { BoardDriver, DispatchBoard } from '@limo/contracts';
import { LiveNote } from '../../ui/LiveNote';
import { LoadingPanel } from '../../ui/StatePanels';
import { ViewTabs } from '../../ui/ViewTabs';
import { countOf, formatDate } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { useDocumentMeta } from '../../lib/use-document-title';
import type { LiveState } from '../../lib/use-live-updates';
import { AdminErrorPanel } from '../components/AuthErrorPanel';
import { boardCounts, conflicts, dayWindow, risks } from './board-layout';
import { BOARD_POLL_MS, boardKey } from './board-query';
import { DispatchTimeline, HOUR_PX } from './DispatchTimeline';
import { RidePanel } from './RidePanel';
import { useBoardDispatch } from './use-board-dispatch';
import './dispatch.css';

// Leaflet comes with the Map view, not with the timeline.
const DispatchMap = lazy(() => import('./DispatchMap'));
const VIEWS = [
  { view: 'timeline' as const, label: 'Timeline' },
  { view: 'map' as const, label: 'Map' },
];

/**
 * The dispatch board (issue 35): a day's rides on a timeline, a lane per driver, the unassigned
 * rides on top. Drag a ride onto a driver to assign it (Assign & Notify's call and rules), or
 * select it for the ranked suggestions.
 */
export default function AdminDispatchPage() {
  useDocumentMeta('Dispatch Board', "The day's rides by driver: assign by dragging a ride onto a driver.");
  const [params, setParams] = useSearchParams();
  const asked = params.get('date') ?? '';
  const date = isCalendarDate(asked) ? asked : businessToday();
  const setDate = (next: string) => setParams(next === businessToday() ? {} : { date: next }, { replace: true });
  const live = useOutletContext<{ live: LiveState } | undefined>()?.live ?? 'offline';
  const board = useQuery<DispatchBoard>({ queryKey: boardKey(date), refetchInterval: BOARD_POLL_MS });
  const now = useNow(60_000);
  const day = useMemo(() => dayWindow(date), [date]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [view, setView] = useState<'timeline' | 'map'>('timeline');
  const dispatch = useBoardDispatch(date);
  const { assign } = dispatch;
  const onDrop = useCallback((rideId: number, driver: BoardDriver) => assign(rideId, driver.id, driver.name), [assign]);

  const data = board.data;
  const selected = data?.rides.find((r) => r.id === selectedId);
  const driverOf = (id: number | null) => (id === null ? undefined : data?.drivers.find((d) => d.id === id));
  const clashes = useMemo(() => (data ? conflicts(data.rides) : new Map<number, string>()), [data]);
  const counts = useMemo(() => summary(data, clashes.size), [data, clashes]);

  const scroller = useScrollToWork(data, day, now);

  return (
    <section className="admin-page dispatch-page" aria-labelledby="dispatch-heading">
      <header className="admin-page-header dispatch-header">
        <div>
          <h1 id="dispatch-heading">Dispatch Board</h1>
          <p className="muted">Drag a ride onto a driver to offer it to them, or select a ride for the best drivers to ask.</p>
          <LiveNote live={live} what="assignments and answers" every="minute" />
        </div>
        <nav className="dispatch-date" aria-label="Day">
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setDate(addDays(date, -1))}>
            ← Previous day
          </button>
          <label>
            <span className="visually-hidden">Date</span>
            <input type="date" value={date} onChange={(e) => isCalendarDate(e.target.value) && setDate(e.target.value)} />
          </label>
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setDate(addDays(date, 1))}>
            Next day →
          </button>
          {date !== businessToday() && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDate(businessToday())}>
              Today
            </button>
          )}
        </nav>
      </header>
      {counts && (
        <p className="dispatch-summary" role="status">
          {formatDate(date)}: {countOf(counts.rides, 'ride')}, <strong>{counts.unassigned} {counts.unassigned === 1 ? 'needs' : 'need'} a driver</strong>, {countOf(counts.offers, 'offer')} waiting, {counts.onDuty} of {counts.drivers} drivers on duty
          {counts.conflicts > 0 && <>, <strong className="dispatch-conflicts">{counts.conflicts} rides in conflict</strong></>}
        </p>
      )}
      {selected && (
        <RidePanel
          ride={selected}
          driver={driverOf(selected.driverId)}
          flags={[...(clashes.has(selected.id) ? [`Conflict with ${clashes.get(selected.id)}`] : []), ...risks(selected, driverOf(selected.driverId), now)]}
          refusal={dispatch.refusals.get(selected.id)}
          busy={dispatch.busyRideId === selected.id}
          onAssign={(driverId, name) => dispatch.assign(selected.id, driverId, name)}
          onWithdraw={() => dispatch.withdraw(selected.id)}
          onClose={() => setSelectedId(null)}
        />
      )}
      {board.isLoading ? (
        <LoadingPanel />
      ) : board.isError ? (
        <AdminErrorPanel title="Unable to Load the Dispatch Board" error={board.error} />
      ) : (
        <>
          <div className="dispatch-views">
            <ViewTabs tabs={VIEWS} view={view} onChange={setView} idPrefix="dispatch" label="Dispatch view" />
          </div>
          <div id={`dispatch-panel-${view}`} role="tabpanel" aria-labelledby={`dispatch-tab-${view}`}>
            {view === 'timeline' ? (
              <div ref={scroller}>
                <DispatchTimeline board={data!} clashes={clashes} day={day} now={now} selectedId={selectedId} onSelect={setSelectedId} onDrop={onDrop} refusals={dispatch.refusals} busyRideId={dispatch.busyRideId} />
              </div>
            ) : (
              <Suspense fallback={<div className="dispatch-map map-placeholder" aria-hidden="true" />}>
                <DispatchMap board={data!} now={now} selectedRideId={selectedId} onSelectRide={setSelectedId} />
              </Suspense>
            )}
          </div>
        </>
      )}
    </section>
  );
}

function summary(board: DispatchBoard | undefined, conflicting: number) {
  return board ? { ...boardCounts(board), conflicts: conflicting } : null;
}

/** On a new day, scrolls the board to an hour before its first ride (or before now, today). */
function useScrollToWork(board: DispatchBoard | undefined, day: ReturnType<typeof dayWindow>, now: Date) {
  const ref = useRef<HTMLDivElement>(null);
  const done = useRef<number | null>(null);
  useEffect(() => {
    if (!board || done.current === day.start) return;
    const scroll = ref.current?.querySelector('.board-scroll');
    if (!scroll) return;
    done.current = day.start;
    const first = board.rides.length ? Date.parse(board.rides[0].pickupAt) : day.start + 8 * 3_600_000;
    const from = now.getTime() > day.start && now.getTime() < day.end ? Math.min(first, now.getTime()) : first;
    scroll.scrollLeft = Math.max(0, Math.floor((from - day.start) / 3_600_000 - 1) * HOUR_PX);
  }, [board, day, now]);
  return ref;
}
