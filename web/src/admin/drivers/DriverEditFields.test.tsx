/** @jest-environment jsdom */
import { jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLATE_MESSAGE, type DriverUpdate } from '@limo/contracts';
import { DriverEditFields } from './DriverEditDialog';

const saved = {
  firstName: 'John',
  lastName: 'Smith',
  email: 'john@example.com',
  phone: '3105551234',
  licenseNumber: 'D1',
  address: '1 Main St',
  vehiclePlate: '7ABC123',
  vehicleColour: 'Black',
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
const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;

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

  it("starts from the car as saved and saves a plate typed in lower case upper-cased, with the colour chosen", async () => {
    const { onSave, user } = renderFields();
    expect(input('Car Plate').value).toBe('7ABC123');
    expect(select('Car Colour').value).toBe('Black');
    await user.clear(input('Car Plate'));
    await user.type(input('Car Plate'), ' limo-1 ');
    await user.selectOptions(select('Car Colour'), 'Burgundy');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(onSave).toHaveBeenCalledWith({ ...saved, vehiclePlate: 'LIMO-1', vehicleColour: 'Burgundy' });
  });

  it('refuses a plate of the wrong shape with the shared message, and clears plate and colour left empty', async () => {
    const { onSave, user } = renderFields();
    await user.clear(input('Car Plate'));
    await user.type(input('Car Plate'), 'AB$12');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText(PLATE_MESSAGE).id).toBe('d-vehiclePlate-error');
    expect(onSave).not.toHaveBeenCalled();

    await user.clear(input('Car Plate'));
    await user.selectOptions(select('Car Colour'), 'Not set');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(onSave).toHaveBeenCalledWith({ ...saved, vehiclePlate: null, vehicleColour: null });
  });
});
