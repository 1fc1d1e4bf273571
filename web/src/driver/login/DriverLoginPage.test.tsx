/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '../../test-support/render';
import DriverLoginPage from './DriverLoginPage';

describe('driver login form', () => {
  it('requires username and password, focusing the first missing one', async () => {
    const user = userEvent.setup();
    renderWithApp(<DriverLoginPage />, { path: '/login' });
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(screen.getByText('Username is required').id).toBe('driver-username-error');
    expect(screen.getByText('Password is required').id).toBe('driver-password-error');
    const username = screen.getByLabelText(/^Username/);
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(username.getAttribute('aria-describedby')).toBe('driver-username-error');
    expect(document.activeElement).toBe(username);
    expect(screen.queryByRole('alert')).toBeNull();

    await user.type(username, 'smitjo');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(screen.queryByText('Username is required')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Password/));
  });

  it('treats blanks as missing and answers a complete attempt with the spec message', async () => {
    const user = userEvent.setup();
    renderWithApp(<DriverLoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText(/^Username/), '  smitjo  ');
    await user.type(screen.getByLabelText(/^Password/), '   ');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(screen.getByText('Password is required')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(screen.getByRole('alert').textContent).toBe('Authentication system is being configured. Please contact your administrator for access.');
  });
});
