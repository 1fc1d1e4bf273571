import { changedDriverFields } from './driver-edit';

const original = {
  firstName: 'John',
  lastName: 'Smith',
  email: 'john@example.com',
  phone: '3105551234',
  licenseNumber: 'D1',
  address: '1 Main St',
};

describe('driver edit changes', () => {
  it('sends only the changed fields', () => {
    expect(changedDriverFields(original, { ...original, phone: '3105550000', address: '2 Main St' })).toEqual({
      phone: '3105550000',
      address: '2 Main St',
    });
  });

  it('sends nothing when nothing changed', () => {
    expect(changedDriverFields(original, { ...original })).toBeNull();
  });
});
