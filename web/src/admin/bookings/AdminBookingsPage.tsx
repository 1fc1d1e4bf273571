import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Booking } from '@limo/contracts';
import { EmptyPanel, LoadingPanel } from '../../ui/StatePanels';
import { useDocumentMeta } from '../../lib/use-document-title';
import { AdminErrorPanel } from '../components/AuthErrorPanel';
import { useVehicleNames } from '../dashboard/use-vehicle-names';
import { formatDate, formatMoney, formatTime } from '../../lib/format';
import { apiRequest } from '../../lib/api';
import { BookingDialog, type DialogMode } from './BookingDialog';
import { BookingFiltersBar } from './BookingFiltersBar';
import { listQuery, NO_FILTERS, type ListFilters } from './booking-list';
import { bookingRoute, customerName } from './booking-format';
import { statusBadge } from './booking-status';
import './bookings.css';

interface BookingsPage {
  items: Booking[];
  next: string | null;
}

async function fetchPage(query: Record<string, string>, cursor: string | undefined): Promise<BookingsPage> {
  const search = new URLSearchParams({ ...query, ...(cursor ? { cursor } : {}) });
  const res = await apiRequest('GET', `/api/admin/bookings?${search}`);
  return { items: (await res.json()) as Booking[], next: res.headers.get('X-Next-Cursor') };
}

export default function AdminBookingsPage() {
  useDocumentMeta('All Bookings', 'Every booking with its status, customer, route and total.');
  // `?q=LX-7K3Q9`: a link to one booking (the dashboard's flight alerts) opens the list searched for it.
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<ListFilters>(() => ({ ...NO_FILTERS, q: params.get('q') ?? '' }));
  const query = listQuery(filters);
  // Pages of 50, newest first; Load more follows the server's X-Next-Cursor.
  const bookings = useInfiniteQuery({
    queryKey: ['/api/admin/bookings', query],
    queryFn: ({ pageParam }) => fetchPage(query, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const loaded = bookings.data?.pages.flatMap((page) => page.items) ?? [];
  const vehicleNames = useVehicleNames();
  // `booking`: one opened from another's dialog (a round trip's other leg) that the list may not hold.
  const [open, setOpen] = useState<{ id: number; mode: DialogMode; booking?: Booking } | null>(null);
  const selected = open ? (loaded.find((b) => b.id === open.id) ?? open.booking ?? null) : null;
  const close = useCallback(() => setOpen(null), []);
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);

  return (
    <section className="admin-page" aria-labelledby="bookings-heading">
      <header className="admin-page-header">
        <div>
          <h1 id="bookings-heading">All Bookings</h1>
          <p className="muted">Review bookings, update their status and keep notes.</p>
        </div>
        {bookings.data && (
          <p className="muted" aria-live="polite" data-testid="bookings-count">
            {loaded.length}
            {bookings.hasNextPage ? '+' : ''} booking{loaded.length === 1 ? '' : 's'}
            {filtered ? ' found' : ''}
          </p>
        )}
      </header>
      <BookingFiltersBar filters={filters} onChange={setFilters} />
      {bookings.isLoading ? (
        <LoadingPanel label="Loading bookings..." />
      ) : bookings.isError ? (
        <AdminErrorPanel title="Unable to Load Bookings" error={bookings.error} />
      ) : loaded.length === 0 ? (
        <EmptyPanel message="No bookings found." />
      ) : (
        <>
          <ul className="card-grid booking-grid" aria-label="Bookings">
            {loaded.map((booking) => (
              <li key={booking.id}>
                <BookingCard booking={booking} vehicleName={booking.vehicleId != null ? vehicleNames.get(booking.vehicleId) : undefined} onOpen={(mode) => setOpen({ id: booking.id, mode })} />
              </li>
            ))}
          </ul>
          {bookings.hasNextPage && (
            <div className="list-more">
              <button type="button" className="btn btn-outline" onClick={() => void bookings.fetchNextPage()} disabled={bookings.isFetchingNextPage}>
                {bookings.isFetchingNextPage ? 'Loading...' : 'Load more bookings'}
              </button>
            </div>
          )}
        </>
      )}
      <BookingDialog
        booking={selected}
        mode={open?.mode ?? 'view'}
        vehicleName={selected?.vehicleId != null ? vehicleNames.get(selected.vehicleId) : undefined}
        onModeChange={(mode) => setOpen((o) => (o ? { ...o, mode } : o))}
        onClose={close}
        onOpenBooking={(other) => setOpen({ id: other.id, mode: 'view', booking: other })}
        onReload={async () => (await bookings.refetch()).data?.pages.flatMap((page) => page.items).find((b) => b.id === open?.id)}
      />
    </section>
  );
}

function BookingCard({ booking, vehicleName, onOpen }: { booking: Booking; vehicleName?: string; onOpen: (mode: DialogMode) => void }) {
  const badge = statusBadge(booking.status);
  const headingId = `booking-${booking.id}-title`;
  return (
    <article className="card flex-card booking-card" aria-labelledby={headingId} data-testid={`booking-${booking.id}`}>
      <header className="card-header">
        <div>
          <h2 id={headingId} className="card-title">
            Booking #{booking.id}
          </h2>
          <p className="muted mono small">{booking.reference}</p>
        </div>
        <div className="badge-stack">
          <span className={`badge ${badge.className}`} data-testid="booking-status">
            {badge.label}
          </span>
          {booking.settlement?.status === 'to-review' && <span className="badge badge-yellow">Final price to review</span>}
        </div>
      </header>
      <dl className="facts">
        <div>
          <dt>Date and time</dt>
          <dd>
            {formatDate(booking.pickupDate)}, {formatTime(booking.pickupTime)}
          </dd>
        </div>
        <div>
          <dt>Customer</dt>
          <dd>{customerName(booking)}</dd>
        </div>
        <div className="span-2">
          <dt>Route</dt>
          <dd>{bookingRoute(booking)}</dd>
        </div>
        <div>
          <dt>Vehicle</dt>
          <dd>{vehicleName ?? (booking.vehicleId == null ? 'Not chosen' : '…')}</dd>
        </div>
        <div>
          <dt>Passengers</dt>
          <dd>{booking.passengers ?? 'Not specified'}</dd>
        </div>
        <div>
          <dt>{booking.settlement ? 'Final amount' : 'Total'}</dt>
          <dd className="booking-total">{formatMoney(booking.settlement?.finalAmount ?? booking.totalAmount)}</dd>
        </div>
      </dl>
      <div className="card-actions">
        <button type="button" className="btn btn-outline btn-sm" onClick={() => onOpen('view')} aria-label={`View booking #${booking.id}`}>
          View
        </button>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => onOpen('edit')} aria-label={`Edit booking #${booking.id}`}>
          Edit
        </button>
      </div>
    </article>
  );
}
