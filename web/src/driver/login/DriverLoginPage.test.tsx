/** @jest-environment jsdom */
import { jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { DRIVER_MESSAGES } from '@limo/contracts/drivers/messages';
import { renderWithApp } from '../../test-support/render';
import DriverLoginPage from './DriverLoginPage';

/** What apiRequest reads of a Response (jsdom has none). */
function answer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    headers: { get: (name: string) => headers[name] ?? null },
    text: async () => text,
    json: async () => JSON.parse(text),
  } as unknown as Response;
}

const SESSION = {
  driver: { id: 4, firstName: 'Dana', lastName: 'Driver', username: 'drivda' },
  mustChangePassword: true,
};

function renderLogin(path = '/login') {
  return renderWithApp(
    <Routes>
      <Route path="/login" element={<DriverLoginPage />} />
      <Route path="/driver/dashboard" element={<p>Dashboard page</p>} />
      <Route path="/driver/revenue" element={<p>Revenue page</p>} />
    </Routes>,
    { path },
  );
}

async function signIn(username = '  drivda  ', password = ' secret-1 ') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Username/), username);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Log In' }));
}

describe('driver login form', () => {
  const fetchMock = jest.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock;
    localStorage.clear();
  });

  it('requires username and password, focusing the first missing one, without calling the server', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(screen.getByText('Username is required').id).toBe('driver-username-error');
    expect(screen.getByText('Password is required').id).toBe('driver-password-error');
    const username = screen.getByLabelText(/^Username/);
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(username.getAttribute('aria-describedby')).toBe('driver-username-error');
    expect(document.activeElement).toBe(username);
    expect(screen.queryByRole('alert')).toBeNull();

    await user.type(username, 'smitjo');
    await user.type(screen.getByLabelText(/^Password/), '   ');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(screen.queryByText('Username is required')).toBeNull();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Password/));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs in with the trimmed fields, without the admin credential, and goes back to the page that asked', async () => {
    localStorage.setItem('adminAuth', JSON.stringify({ credentials: 'YWRtaW46cHc=' }));
    fetchMock.mockResolvedValue(answer(200, SESSION));
    renderLogin('/login?next=%2Fdriver%2Frevenue');
    await signIn();
    await screen.findByText('Revenue page');
    const [path, init] = fetchMock.mock.calls[0];
    expect(path).toBe('/api/drivers/login');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'drivda', password: 'secret-1' });
    expect((init?.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(init?.credentials).toBe('include');
  });

  it('goes to the dashboard without a next page, or with one outside the driver area', async () => {
    fetchMock.mockResolvedValue(answer(200, SESSION));
    renderLogin('/login?next=https%3A%2F%2Fevil.example%2F');
    await signIn();
    await screen.findByText('Dashboard page');
  });

  it.each([
    ['wrong credentials', answer(401, { statusCode: 401, message: 'Invalid username or password' }), 'Invalid username or password'],
    ['an account awaiting approval', answer(403, { statusCode: 403, message: DRIVER_MESSAGES.awaitingApproval }), DRIVER_MESSAGES.awaitingApproval],
    [
      'too many attempts (Retry-After)',
      answer(429, { statusCode: 429, message: 'Too many attempts, try again in 42 s' }, { 'Retry-After': '42' }),
      'Too many attempts, try again in 42 s',
    ],
    ['too many attempts (message only)', answer(429, { statusCode: 429, message: 'Too many attempts, try again in 9 s' }), 'Too many attempts, try again in 9 s'],
    ['a server fault', answer(500, 'Internal Server Error'), 'An error occurred during login. Please try again.'],
  ])('answers %s with its message and stays on the form', async (_case, response, message) => {
    fetchMock.mockResolvedValue(response);
    renderLogin();
    await signIn();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('heading', { name: 'Driver Login' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Log In' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('answers a network failure with the spec message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderLogin();
    await signIn();
    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred during login. Please try again.');
  });

  it('keeps the show/hide toggle and the registration link', async () => {
    const user = userEvent.setup();
    renderLogin();
    const password = screen.getByLabelText(/^Password/);
    expect(password.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(password.getAttribute('type')).toBe('text');
    expect(screen.getByRole('link', { name: 'Register as New Driver' }).getAttribute('href')).toBe('/driver/register');
  });
});
