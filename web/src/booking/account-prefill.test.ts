import { contactPrefill } from './account-prefill';

const empty = { firstName: '', lastName: '', email: '', phone: '' };

describe("the contact step's prefill from a signed-in customer's account", () => {
  it('fills the empty fields: the email, the phone, and the name split at its first space', () => {
    expect(contactPrefill({ email: 'ann@example.com', name: 'Ann Marie Lee', phone: '3105550142' }, empty)).toEqual({
      email: 'ann@example.com',
      phone: '3105550142',
      firstName: 'Ann',
      lastName: 'Marie Lee',
    });
  });

  it('fills the email alone for an account without details, and never replaces what was typed', () => {
    expect(contactPrefill({ email: 'ann@example.com', name: null, phone: null }, empty)).toEqual({ email: 'ann@example.com' });
    expect(contactPrefill({ email: 'ann@example.com', name: 'Ann Lee', phone: '3105550142' }, { firstName: 'Bo', lastName: '', email: 'bo@example.com', phone: '3105550000' })).toEqual({});
    expect(contactPrefill({ email: 'ann@example.com', name: 'Cher', phone: null }, empty)).toEqual({ email: 'ann@example.com' });
  });
});
