/** @jest-environment jsdom */
import { jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '../../test-support/render';
import AdminLoginPage from './AdminLoginPage';

describe('admin login form', () => {
  const fetchMock = jest.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock;
  });

  it('requires username and password without calling the server', async () => {
    const user = userEvent.setup();
    renderWithApp(<AdminLoginPage />, { path: '/admin' });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Username/));

    await user.type(screen.getByLabelText(/^Username/), '   ');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a chauffeur who followed the site\'s Log In the way to the driver sign-in', () => {
    renderWithApp(<AdminLoginPage />, { path: '/admin' });
    expect(screen.getByRole('link', { name: 'Driver sign-in' }).getAttribute('href')).toBe('/login');
  });

  it('checks the trimmed username and the password as typed against the stats call', async () => {
    // jsdom has no Response: what apiRequest reads of one.
    const refused = { ok: false, status: 401, statusText: 'Unauthorized', text: async () => '{"statusCode":401,"message":"Unauthorized"}' };
    fetchMock.mockResolvedValue(refused as unknown as Response);
    const user = userEvent.setup();
    renderWithApp(<AdminLoginPage />, { path: '/admin' });
    await user.type(screen.getByLabelText(/^Username/), ' admin ');
    await user.type(screen.getByLabelText(/^Password/), 'pass word');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByText('Login Failed');
    const [path, init] = fetchMock.mock.calls[0];
    expect(path).toBe('/api/admin/stats');
    expect((init?.headers as Record<string, string>).Authorization).toBe(`Basic ${btoa('admin:pass word')}`);
    expect(localStorage.getItem('adminAuth')).toBeNull();
  });
});
