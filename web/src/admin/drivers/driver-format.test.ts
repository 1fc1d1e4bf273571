import { driverFullName, formatPhone, formatRating, usernamePreview } from './driver-format';

describe('driver phone formatting', () => {
  it('formats a 10-digit number as (xxx) xxx-xxxx whatever the separators', () => {
    expect(formatPhone('3105551234')).toBe('(310) 555-1234');
    expect(formatPhone('310-555-1234')).toBe('(310) 555-1234');
    expect(formatPhone('310.555.1234')).toBe('(310) 555-1234');
  });

  it('leaves other lengths as entered', () => {
    expect(formatPhone('+1 310 555 1234')).toBe('+1 310 555 1234');
    expect(formatPhone('555-1234')).toBe('555-1234');
    expect(formatPhone('')).toBe('');
    expect(formatPhone(null)).toBe('');
  });
});

describe('driver rating', () => {
  it('shows one decimal, two when needed, and defaults to 5.0', () => {
    expect(formatRating('4.75')).toBe('4.75');
    expect(formatRating('4.95')).toBe('4.95');
    expect(formatRating('4.80')).toBe('4.8');
    expect(formatRating('5.00')).toBe('5.0');
    expect(formatRating(4)).toBe('4.0');
    expect(formatRating(null)).toBe('5.0');
    expect(formatRating('')).toBe('5.0');
  });
});

describe('driver names', () => {
  it('joins first and last name', () => {
    expect(driverFullName({ firstName: 'John', lastName: 'Smith' })).toBe('John Smith');
  });

  it('previews the username from the last and first name', () => {
    expect(usernamePreview('John', 'Smith')).toBe('smitjo');
    expect(usernamePreview('Al', 'Li')).toBe('lial');
    expect(usernamePreview('José', "O'Neil")).toBe('oneijo');
    expect(usernamePreview('', '')).toBe('');
  });
});
