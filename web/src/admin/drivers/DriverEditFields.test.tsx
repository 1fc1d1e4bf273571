/** @jest-environment jsdom */
import { jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DriverUpdate } from '@limo/contracts';
import { DriverEditFields } from './DriverEditDialog';

const saved = {
  firstName: 'John',
  lastName: 'Smith',
  email: 'john@example.com',
  phone: '3105551234',
  licenseNumber: 'D1',
  address: '1 Main St',
};

function renderFields() {
  const onSave = jest.fn<(edited: DriverUpdate) => void>();
  render(
    <>
      <DriverEditFields idPrefix="d" initial={saved} onSave={onSave} />
      <button type="submit" form="d-form">
        Save Changes
      </button>
    </>,
  );
  return { onSave, user: userEvent.setup() };
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('driver edit fields', () => {
  it('starts from the saved driver and refuses what the gateway would refuse, with the shared messages', async () => {
    const { onSave, user } = renderFields();
    expect(input('Email Address').value).toBe('john@example.com');
    await user.clear(input('First Name'));
    await user.clear(input('Phone Number'));
    await user.type(input('Phone Number'), '555');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('First name is required').id).toBe('d-firstName-error');
    expect(screen.getByText('Valid phone number is required').id).toBe('d-phone-error');
    expect(input('Phone Number').getAttribute('aria-describedby')).toBe('d-phone-error');
    expect(document.activeElement).toBe(input('First Name'));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves the trimmed fields', async () => {
    const { onSave, user } = renderFields();
    await user.clear(input('Phone Number'));
    await user.type(input('Phone Number'), ' (949) 555-0123 ');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(onSave).toHaveBeenCalledWith({ ...saved, phone: '(949) 555-0123' });
  });
});
