/** @jest-environment jsdom */
import { jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VehicleCreate } from '@limo/contracts';
import { messageOf } from '../../test-support/form-fields';
import { EMPTY_VEHICLE } from './vehicle-form';
import { VehicleFormFields } from './VehicleFormDialog';

function renderFields(initial = EMPTY_VEHICLE) {
  const onSave = jest.fn<(vehicle: VehicleCreate) => void>();
  render(
    <>
      <VehicleFormFields idPrefix="v" initial={initial} onSave={onSave} />
      {/* The dialog's footer button, outside the form as in the dialog. */}
      <button type="submit" form="v-form">
        Add Vehicle
      </button>
    </>,
  );
  return { onSave, user: userEvent.setup() };
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('vehicle form fields', () => {
  it('explains each missing field beneath it and focuses the first', async () => {
    const { onSave, user } = renderFields();
    await user.click(screen.getByRole('button', { name: 'Add Vehicle' }));
    expect(messageOf(input('Name'))).toBe('Name is required');
    expect(messageOf(input('Capacity (passengers)'))).toBe('Capacity is required');
    expect(input('Luggage capacity (bags)').getAttribute('aria-invalid')).toBeNull();
    expect(messageOf(input('Type (description)'))).toBe('Description is required');
    expect(messageOf(input('Base rate per trip ($)'))).toBe('Enter a rate like 95.00');
    expect(input('Image URL (optional)').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(input('Name'));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves the typed vehicle as a VehicleCreate body', async () => {
    const { onSave, user } = renderFields();
    await user.type(input('Name'), 'Rolls-Royce Ghost');
    await user.selectOptions(screen.getByLabelText('Category'), 'limousine');
    await user.type(input('Capacity (passengers)'), '3');
    await user.type(input('Luggage capacity (bags)'), '2');
    await user.type(input('Type (description)'), 'Ultra Luxury Sedan');
    await user.type(input('Base rate per trip ($)'), '$1,395');
    await user.type(screen.getByLabelText('Features (one per line)'), 'Starlight headliner{enter}{enter}Champagne cooler');
    await user.click(screen.getByRole('checkbox', { name: 'Active (offered to customers)' }));
    await user.click(screen.getByRole('button', { name: 'Add Vehicle' }));
    expect(onSave).toHaveBeenCalledWith({
      name: 'Rolls-Royce Ghost',
      category: 'limousine',
      description: 'Ultra Luxury Sedan',
      capacity: 3,
      luggageCapacity: 2,
      baseRate: '1395.00',
      imageUrl: '',
      features: ['Starlight headliner', 'Champagne cooler'],
      isActive: false,
    });
  });

  it('shows a too-long feature under the features box', async () => {
    const { onSave, user } = renderFields({ ...EMPTY_VEHICLE, name: 'Sedan', description: 'Sedan', capacity: '3', luggageCapacity: '3', baseRate: '95' });
    await user.type(screen.getByLabelText('Features (one per line)'), `Leather{enter}${'x'.repeat(81)}`);
    await user.click(screen.getByRole('button', { name: 'Add Vehicle' }));
    expect(messageOf(screen.getByLabelText('Features (one per line)'))).toBe('Feature must be at most 80 characters');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('names the field a too long value is about, under that field', async () => {
    const { onSave, user } = renderFields({ ...EMPTY_VEHICLE, description: 'Sedan', capacity: '3', baseRate: '95' });
    await user.type(input('Name'), 'N'.repeat(81));
    await user.type(input('Image URL (optional)'), `/${'i'.repeat(500)}`);
    await user.click(screen.getByRole('button', { name: 'Add Vehicle' }));
    expect(messageOf(input('Name'))).toBe('Name must be at most 80 characters');
    expect(messageOf(input('Image URL (optional)'))).toBe('Image URL must be at most 500 characters');
    expect(input('Type (description)').getAttribute('aria-invalid')).toBeNull();
    expect(onSave).not.toHaveBeenCalled();
  });
});
