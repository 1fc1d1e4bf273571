import { addDays, businessToday, type BookingStatus } from '@limo/contracts';

/*
 * The All Bookings page's filters as the URL query of GET /api/admin/bookings: a view (every
 * booking, today's pickups, the next 7 days' or a range of dates), a status and a search.
 */

export type ListView = 'all' | 'today' | 'next-7-days' | 'dates';

export interface ListFilters {
  view: ListView;
  status: BookingStatus | '';
  /** The range when the view is 'dates' (YYYY-MM-DD, either end may be blank). */
  from: string;
  to: string;
  q: string;
}

export const NO_FILTERS: ListFilters = { view: 'all', status: '', from: '', to: '', q: '' };

/** Bookings asked for per page (the Load more button asks for the next). */
const LIST_PAGE_SIZE = 50;

/** The query parameters the filters ask for ("today" and "next 7 days" in Los Angeles). */
export function listQuery(filters: ListFilters, today: string = businessToday()): Record<string, string> {
  const query: Record<string, string> = { limit: String(LIST_PAGE_SIZE) };
  const range =
    filters.view === 'today' ? [today, today] : filters.view === 'next-7-days' ? [today, addDays(today, 6)] : filters.view === 'dates' ? [filters.from, filters.to] : ['', ''];
  if (range[0]) query.from = range[0];
  if (range[1]) query.to = range[1];
  if (filters.status) query.status = filters.status;
  if (filters.q.trim()) query.q = filters.q.trim();
  return query;
}
