/** @jest-environment jsdom */
import { screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '../../test-support/render';
import AdminBookingsPage from './AdminBookingsPage';

describe('All Bookings', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it("opens searched for the reference a link carries (the dashboard's flight alerts)", async () => {
    const asked: string[] = [];
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } });
    }) as typeof fetch;
    renderWithApp(<AdminBookingsPage />, { path: '/admin/bookings?q=LX-7K3Q9', queryData: { '/api/vehicles': [] } });
    expect((screen.getByPlaceholderText('Reference, name, email or phone') as HTMLInputElement).value).toBe('LX-7K3Q9');
    await waitFor(() => expect(asked.some((url) => new URL(url, 'http://x').searchParams.get('q') === 'LX-7K3Q9')).toBe(true));
  });
});
