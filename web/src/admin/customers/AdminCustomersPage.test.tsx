/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import type { AdminCustomer } from '@limo/contracts/customers/loyalty';
import { renderWithApp } from '../../test-support/render';
import AdminBookingsPage from '../bookings/AdminBookingsPage';
import AdminCustomersPage from './AdminCustomersPage';

const customer: AdminCustomer = {
  email: 'quinn.tester+qa@example.com',
  name: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  completedAirportRides: 2,
  availableRewards: 0,
  nextRewardExpiresAt: null,
  vip: false,
};

/** The classes of the search input and the boxes around it, up to its form. */
const searchBoxes = (input: HTMLElement) => {
  const classes: string[] = [];
  for (let box = input.parentElement; box && box.tagName !== 'FORM'; box = box.parentElement) classes.push(box.className);
  return classes;
};

describe('the admin’s Customers page', () => {
  it('searches with the same field as All Bookings, and keeps each email whole enough to read on a phone', async () => {
    renderWithApp(<AdminBookingsPage />, { path: '/admin/bookings', queryData: { '/api/vehicles': [], '/api/admin/bookings': [] } });
    const bookingsSearch = searchBoxes(screen.getByRole('searchbox'));
    document.body.innerHTML = '';

    renderWithApp(<AdminCustomersPage />, { path: '/admin/customers', queryData: { '/api/admin/customers': [customer] } });
    const search = screen.getByRole('searchbox');
    expect(search.closest('.field')).not.toBeNull();
    expect(searchBoxes(search)).toEqual(bookingsSearch);

    // The email is the row's name: at a phone's width it breaks only before its '@' or a '.' (a minimum width), not every few letters.
    const [email] = await screen.findAllByRole('rowheader');
    expect(email!.textContent).toBe(customer.email);
    expect(email!.classList.contains('customers-email')).toBe(true);
  });
});
