/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PortalLayout } from './PortalLayout';

const LINKS = [
  ['/driver/dashboard', 'Dashboard'],
  ['/driver/revenue', 'Revenue'],
] as const;

describe('PortalLayout', () => {
  it("gives a staff area its skip link, header, named nav with the current page marked, and main landmark", () => {
    render(
      <MemoryRouter initialEntries={['/driver/revenue']}>
        <PortalLayout area="Driver" links={LINKS} showNav headerEnd={<button type="button">Log Out</button>} belowHeader={<p>Offers</p>}>
          <h1>My Earnings</h1>
        </PortalLayout>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Skip to content' }).getAttribute('href')).toBe('#main');
    const header = screen.getByRole('banner');
    expect(header.className).toBe('portal-header driver-header');
    expect(within(header).getByRole('link', { name: 'Prestige Limo Driver' }).getAttribute('href')).toBe('/');
    const nav = within(header).getByRole('navigation', { name: 'Driver' });
    expect(within(nav).getByRole('link', { name: 'Revenue' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
    expect(within(header).getByRole('button', { name: 'Log Out' })).toBeTruthy();
    // Pinned under the header, outside it.
    expect(within(header).queryByText('Offers')).toBeNull();
    expect(screen.getByText('Offers')).toBeTruthy();
    const main = screen.getByRole('main');
    expect(main.id).toBe('main');
    expect(main.className).toBe('portal-main driver-main');
    expect(within(main).getByRole('heading', { name: 'My Earnings' })).toBeTruthy();
  });

  it('offers no nav to someone who may not use it yet', () => {
    render(
      <MemoryRouter>
        <PortalLayout area="Admin" links={LINKS} showNav={false} headerEnd={<a href="/">Back to website</a>}>
          <p>Sign in</p>
        </PortalLayout>
      </MemoryRouter>,
    );
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Back to website' })).toBeTruthy();
    expect(screen.getByRole('main').className).toBe('portal-main admin-main');
  });
});
