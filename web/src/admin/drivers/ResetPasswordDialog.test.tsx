/** @jest-environment jsdom */
import { jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Driver } from '@limo/contracts';
import { renderWithApp } from '../../test-support/render';
import { ResetPasswordDialog } from './ResetPasswordDialog';

const driver = { id: 5, firstName: 'Dana', lastName: 'Driver', username: 'drivda' } as Driver;
const dialog = () => within(screen.getByRole('dialog', { hidden: true }));

describe('reset password dialog', () => {
  const fetchMock = jest.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock;
  });

  it('asks first, then shows the new temporary password once', async () => {
    const result = { driverId: 5, username: 'drivda', temporaryPassword: 'Kq7-mWz2-Tt9' };
    fetchMock.mockResolvedValue({ ok: true, status: 200, json: async () => result } as unknown as Response);
    const onClose = jest.fn();
    const user = userEvent.setup();
    renderWithApp(<ResetPasswordDialog driver={driver} onClose={onClose} />);
    expect(dialog().getByText(/Give Dana Driver a new temporary password\?/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(dialog().getByRole('button', { name: 'Reset Password', hidden: true }));
    expect((await screen.findByTestId('temporary-password')).textContent).toBe('Kq7-mWz2-Tt9');
    const [path, init] = fetchMock.mock.calls[0];
    expect(path).toBe('/api/admin/drivers/5/reset-password');
    expect(init?.method).toBe('POST');

    await user.click(dialog().getByRole('button', { name: 'Done', hidden: true }));
    expect(onClose).toHaveBeenCalled();
    expect(screen.queryByTestId('temporary-password')).toBeNull();
  });

  it('sends nothing when cancelled', async () => {
    const onClose = jest.fn();
    renderWithApp(<ResetPasswordDialog driver={driver} onClose={onClose} />);
    await userEvent.setup().click(dialog().getByRole('button', { name: 'Cancel', hidden: true }));
    expect(onClose).toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
