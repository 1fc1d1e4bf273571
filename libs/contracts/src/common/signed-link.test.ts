import { signLink, verifyLink } from './signed-link.js';

const SECRET = 'a-test-secret-that-is-long-enough-1234';
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

describe('signed customer links', () => {
  it('opens the booking it was made for, for its purpose, until it expires', () => {
    const token = signLink({ purpose: 'track', bookingId: 42, expiresAt: inAnHour() }, SECRET);
    expect(verifyLink(token, 'track', SECRET)).toMatchObject({ bookingId: 42, purpose: 'track' });
    expect(verifyLink(token, 'manage', SECRET)).toBeNull();
    expect(verifyLink(token, 'track', SECRET, Date.now() + 3601_000)).toBeNull();
  });

  it('refuses a token signed with another secret or changed in any way', () => {
    const token = signLink({ purpose: 'manage', bookingId: 7, expiresAt: inAnHour() }, SECRET);
    expect(verifyLink(token, 'manage', `${SECRET}x`)).toBeNull();
    const [payload, signature] = token.split('.');
    const forged = Buffer.from(`manage.8.${inAnHour()}`).toString('base64url');
    expect(verifyLink(`${forged}.${signature}`, 'manage', SECRET)).toBeNull();
    expect(verifyLink(`${payload}.${signature}x`, 'manage', SECRET)).toBeNull();
    expect(verifyLink('junk', 'manage', SECRET)).toBeNull();
  });
});
