/** @jest-environment jsdom */
import { jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Vehicle } from '@limo/contracts';
import { jsonAnswer as answer } from '../../test-support/customer-booking';
import { messageOf } from '../../test-support/form-fields';
import { renderWithApp } from '../../test-support/render';
import { VehicleFormDialog } from './VehicleFormDialog';

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

const sedan: Vehicle = {
  id: 1,
  name: 'Mercedes-Benz S-Class',
  category: 'sedan',
  description: 'Executive Sedan',
  capacity: 3,
  luggageCapacity: 3,
  baseRate: '95.00',
  imageUrl: '',
  features: ['Wi-Fi'],
  isActive: true,
};

describe('the vehicle dialog', () => {
  it('shows a refusal that names its field under that field, focused, not in a toast, until the field changes', async () => {
    const taken = 'A vehicle with this name already exists';
    globalThis.fetch = jest.fn(async () => answer(409, { statusCode: 409, message: taken, errors: [{ path: 'name', message: taken }] })) as typeof fetch;
    renderWithApp(<VehicleFormDialog state={{ mode: 'edit', vehicle: sedan }} onClose={() => {}} />);
    const user = userEvent.setup();
    await user.clear(input('Name'));
    await user.type(input('Name'), 'Cadillac Escalade');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(messageOf(input('Name'))).toBe(taken));
    expect(input('Name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input('Name'));
    expect(screen.queryByText('Save Failed')).toBeNull();

    await user.type(input('Name'), 'x');
    expect(input('Name').getAttribute('aria-invalid')).toBeNull();
  });

  it('puts a refused feature under the features box', async () => {
    const message = 'Feature must be at most 80 characters';
    globalThis.fetch = jest.fn(async () => answer(400, { statusCode: 400, message: `features.0: ${message}`, errors: [{ path: 'features.0', message }] })) as typeof fetch;
    renderWithApp(<VehicleFormDialog state={{ mode: 'edit', vehicle: sedan }} onClose={() => {}} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Features (one per line)'), '{enter}Bar');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(messageOf(screen.getByLabelText('Features (one per line)'))).toBe(message));
    expect(screen.queryByText('Save Failed')).toBeNull();
  });

  it('still says in a toast what names no field', async () => {
    globalThis.fetch = jest.fn(async () => answer(503, { statusCode: 503, message: 'The fleet service is not answering' })) as typeof fetch;
    renderWithApp(<VehicleFormDialog state={{ mode: 'edit', vehicle: sedan }} onClose={() => {}} />);
    const user = userEvent.setup();
    await user.type(input('Name'), ' II');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Save Failed');
    expect(input('Name').getAttribute('aria-invalid')).toBeNull();
  });
});
