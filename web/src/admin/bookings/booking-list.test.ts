import { listQuery, NO_FILTERS } from './booking-list';

describe('the All Bookings filters as a query', () => {
  const today = '2026-11-23';

  it('asks for a page of every booking with no filter', () => {
    expect(listQuery(NO_FILTERS, today)).toEqual({ limit: '50' });
  });

  it('makes today and the next 7 days (today included) ranges of pickup dates', () => {
    expect(listQuery({ ...NO_FILTERS, view: 'today' }, today)).toMatchObject({ from: today, to: today });
    expect(listQuery({ ...NO_FILTERS, view: 'next-7-days' }, '2026-12-29')).toMatchObject({ from: '2026-12-29', to: '2027-01-04' });
  });

  it('uses the chosen dates only in the dates view, and adds status and a trimmed search', () => {
    expect(listQuery({ ...NO_FILTERS, from: '2026-01-01' }, today)).toEqual({ limit: '50' });
    expect(listQuery({ view: 'dates', from: '2026-01-01', to: '', status: 'confirmed', q: '  LX-7K ' }, today)).toEqual({ limit: '50', from: '2026-01-01', status: 'confirmed', q: 'LX-7K' });
  });
});
