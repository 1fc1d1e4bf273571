import { changedDriverFields } from './driver-edit';

const original = {
  firstName: 'John',
  lastName: 'Smith',
  email: 'john@example.com',
  phone: '3105551234',
  licenseNumber: 'D1',
  address: '1 Main St',
  vehiclePlate: '',
  vehicleColour: 'Black',
};

describe('driver edit changes', () => {
  it('sends only the changed fields', () => {
    expect(changedDriverFields(original, { ...original, phone: '3105550000', address: '2 Main St', vehiclePlate: '7ABC123', vehicleColour: 'Black' })).toEqual({
      phone: '3105550000',
      address: '2 Main St',
      vehiclePlate: '7ABC123',
    });
  });

  it('sends nothing when nothing changed: a plate left empty is not a change', () => {
    expect(changedDriverFields(original, { ...original, vehiclePlate: null, vehicleColour: 'Black' })).toBeNull();
  });

  it('sends a cleared colour as null', () => {
    expect(changedDriverFields(original, { ...original, vehiclePlate: null, vehicleColour: null })).toEqual({ vehicleColour: null });
  });
});
