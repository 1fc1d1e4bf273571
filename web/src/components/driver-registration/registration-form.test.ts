import { EMPTY_REGISTRATION, validateRegistration } from './registration-form';

const valid = {
  firstName: ' John ',
  lastName: 'Smith',
  email: 'john.smith@example.com',
  phone: '(310) 555-1234',
  licenseNumber: 'D1234567',
  address: '1 Main St, Los Angeles, CA',
};

describe('driver registration form validation', () => {
  it('gives the spec message under every empty field', () => {
    const result = validateRegistration(EMPTY_REGISTRATION);
    expect(result).toEqual({
      ok: false,
      errors: {
        firstName: 'First name is required',
        lastName: 'Last name is required',
        email: 'Valid email is required',
        phone: 'Valid phone number is required',
        licenseNumber: 'License number is required',
        address: 'Address is required',
      },
    });
  });

  it('rejects a malformed email and a short phone', () => {
    const result = validateRegistration({ ...valid, email: 'john@', phone: '555-1234' });
    expect(result).toEqual({ ok: false, errors: { email: 'Valid email is required', phone: 'Valid phone number is required' } });
  });

  it('returns the trimmed payload when everything is valid', () => {
    const result = validateRegistration(valid);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.data.firstName).toBe('John');
  });
});
