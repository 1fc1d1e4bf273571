import { useState, type FormEvent } from 'react';
import type { BookingStatus } from '@limo/contracts';
import { SearchField } from '../components/SearchField';
import { BOOKING_STATUSES, statusBadge } from './booking-status';
import { NO_FILTERS, type ListFilters, type ListView } from './booking-list';

const VIEWS: { view: ListView; label: string }[] = [
  { view: 'all', label: 'All' },
  { view: 'today', label: 'Today' },
  { view: 'next-7-days', label: 'Next 7 days' },
  { view: 'dates', label: 'Dates' },
];

/**
 * The All Bookings filters: views of every booking, today's pickups or the next 7 days' (or a
 * range of dates), a status, and a search of reference, name, email or phone that applies when
 * submitted (not on every key).
 */
export function BookingFiltersBar({ filters, onChange }: { filters: ListFilters; onChange: (filters: ListFilters) => void }) {
  const [typed, setTyped] = useState(filters.q);
  const set = (change: Partial<ListFilters>) => onChange({ ...filters, ...change });
  const search = (event: FormEvent) => {
    event.preventDefault();
    set({ q: typed });
  };
  return (
    <form className="booking-filters" role="search" aria-label="Find bookings" onSubmit={search}>
      <div className="booking-views" role="group" aria-label="Pickup dates">
        {VIEWS.map(({ view, label }) => (
          <button key={view} type="button" aria-pressed={filters.view === view} className={filters.view === view ? 'selected' : undefined} onClick={() => set({ view })}>
            {label}
          </button>
        ))}
      </div>
      {filters.view === 'dates' && (
        <>
          <div className="field">
            <label htmlFor="bookings-from">From</label>
            <input id="bookings-from" type="date" value={filters.from} onChange={(e) => set({ from: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor="bookings-to">To</label>
            <input id="bookings-to" type="date" value={filters.to} min={filters.from || undefined} onChange={(e) => set({ to: e.target.value })} />
          </div>
        </>
      )}
      <div className="field">
        <label htmlFor="bookings-status">Status</label>
        <select id="bookings-status" value={filters.status} onChange={(e) => set({ status: e.target.value as BookingStatus | '' })}>
          <option value="">Any status</option>
          {BOOKING_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusBadge(status).label}
            </option>
          ))}
        </select>
      </div>
      <SearchField id="bookings-search" value={typed} placeholder="Reference, name, email or phone" onChange={setTyped} />
      {JSON.stringify(filters) !== JSON.stringify(NO_FILTERS) && (
        <button
          type="button"
          className="btn btn-outline btn-sm booking-clear"
          onClick={() => {
            setTyped('');
            onChange(NO_FILTERS);
          }}
        >
          Clear filters
        </button>
      )}
    </form>
  );
}
