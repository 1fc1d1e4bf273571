/** @jest-environment jsdom */
import { jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '../../test-support/render';
import { PasswordChangeForm } from './PasswordChangeForm';

function answer(status: number, body: unknown): Response {
  const text = JSON.stringify(body);
  return { ok: status < 300, status, statusText: '', headers: { get: () => null }, text: async () => text, json: async () => body } as unknown as Response;
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const errorOf = (input: HTMLElement) => {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  return ids.map((id) => document.getElementById(id)).find((el) => el?.classList.contains('field-error'))?.textContent ?? null;
};

describe('first-login password change', () => {
  const fetchMock = jest.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock;
  });

  async function fill(current: string, next: string, confirm: string) {
    const user = userEvent.setup();
    if (current) await user.type(field(/^Current Password/), current);
    if (next) await user.type(field(/^New Password/), next);
    if (confirm) await user.type(field(/^Confirm New Password/), confirm);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    return user;
  }

  it('shows the spec messages under each field and sends nothing', async () => {
    renderWithApp(<PasswordChangeForm onChanged={() => {}} />);
    await fill('', '12345', '1');
    expect(errorOf(field(/^Current Password/))).toBe('Current password is required');
    expect(errorOf(field(/^New Password/))).toBe('New password must be at least 6 characters');
    expect(errorOf(field(/^Confirm New Password/))).toBe('Password confirmation is required');
    expect(field(/^Current Password/).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field(/^Current Password/));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says the passwords do not match under the confirmation', async () => {
    renderWithApp(<PasswordChangeForm onChanged={() => {}} />);
    await fill('Temp-Pass-1', 'a-new-secret', 'a-new-secreT');
    expect(errorOf(field(/^Confirm New Password/))).toBe("Passwords don't match");
    expect(errorOf(field(/^New Password/))).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a wrong current password from the server under its field, and clears it on typing', async () => {
    fetchMock.mockResolvedValue(answer(400, { statusCode: 400, message: 'Current password is incorrect' }));
    const onChanged = jest.fn();
    renderWithApp(<PasswordChangeForm onChanged={onChanged} />);
    const user = await fill('wrong-temp', 'a-new-secret', 'a-new-secret');
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
    expect(errorOf(field(/^Current Password/))).toBe('Current password is incorrect');
    expect(document.activeElement).toBe(field(/^Current Password/));
    expect(onChanged).not.toHaveBeenCalled();
    await user.type(field(/^Current Password/), 'x');
    expect(screen.queryByText('Current password is incorrect')).toBeNull();
  });

  it('sends the three fields as typed and continues with the new session', async () => {
    const session = { driver: { id: 4 }, mustChangePassword: false };
    fetchMock.mockResolvedValue(answer(200, session));
    const onChanged = jest.fn();
    renderWithApp(<PasswordChangeForm onChanged={onChanged} />);
    await fill('Temp-Pass-1', 'a-new-secret', 'a-new-secret');
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(session));
    const [path, init] = fetchMock.mock.calls[0];
    expect(path).toBe('/api/drivers/current/password');
    expect(JSON.parse(String(init?.body))).toEqual({ currentPassword: 'Temp-Pass-1', newPassword: 'a-new-secret', confirmPassword: 'a-new-secret' });
  });

  it('can show the passwords as text', async () => {
    const user = userEvent.setup();
    renderWithApp(<PasswordChangeForm onChanged={() => {}} />);
    expect(field(/^New Password/).type).toBe('password');
    await user.click(screen.getByLabelText('Show passwords'));
    expect(field(/^New Password/).type).toBe('text');
  });
});
