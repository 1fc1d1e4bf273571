import request from 'supertest';
import { SELF_SERVICE_MESSAGES, type CustomerBookingView } from '@limo/contracts';
import { COMPANY } from '@limo/contracts/common/company';
import { signLink } from '@limo/contracts/common/signed-link';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { assign, book, signedInDriver } from '../../tests/support/drivers.js';
import { withStack } from '../../tests/support/fixtures.js';

const NO_MATCH = { statusCode: 404, message: SELF_SERVICE_MESSAGES.noMatch };

describe('self-service: a customer finds and cancels their booking by reference', () => {
  // A 100-hour cutoff: a ride 3 days away is inside it, one 6 days away is not.
  // Loopback proxies: the test speaks for other addresses with X-Forwarded-For.
  const stack = withStack({ services: ['fleet', 'booking', 'drivers'], env: { CANCEL_CUTOFF_HOURS: '100', AUTH_MAX_FAILURES_PER_USER: '3', TRUSTED_PROXIES: 'loopback' } });

  const lookup = (body: unknown) => request(stack.baseUrl).post('/api/bookings/lookup').send(body as object);
  const cancel = (body: unknown) => request(stack.baseUrl).post('/api/bookings/cancel').send(body as object);

  it('shows the booking, its status and quote for its reference and email or phone, without admin notes or the driver\'s phone', async () => {
    const booking = await book(stack, { meetGreet: true }, 6);
    await request(stack.baseUrl).patch(`/api/bookings/${booking.id}`).set('Authorization', adminAuth(stack)).send({ adminNotes: 'VIP, secret note' }).expect(200);
    const { agent, driver } = await signedInDriver(stack, { firstName: 'Imani' });
    await assign(stack, booking.id, driver.id).expect(200);
    await agent.post(`/api/bookings/${booking.id}/accept`).expect(200);

    const byEmail = await lookup({ reference: booking.reference.toLowerCase(), contact: booking.email.toUpperCase() }).expect(200);
    const view = byEmail.body as CustomerBookingView;
    expect(view).toMatchObject({ reference: booking.reference, status: 'confirmed', price: booking.price, chauffeurFirstName: 'Imani', canCancel: true, cancelCutoffHours: 100 });
    const text = JSON.stringify(byEmail.body);
    expect(text).not.toContain('secret note');
    expect(text).not.toContain(driver.phone);
    expect(text).not.toContain(driver.lastName);
    expect(byEmail.body).not.toHaveProperty('adminNotes');
    expect(byEmail.body).not.toHaveProperty('driverEarnings');

    await lookup({ reference: booking.reference, contact: '+1 (310) 555-9876' }).expect(200);
  });

  it('answers the same 404 for an unknown reference and for a wrong email or phone', async () => {
    const booking = await book(stack, {}, 6);
    const unknown = await lookup({ reference: 'LX-ZZZZZ', contact: booking.email }).expect(404);
    const wrongEmail = await lookup({ reference: booking.reference, contact: 'someone.else@example.com' }).expect(404);
    const wrongCancel = await cancel({ reference: booking.reference, contact: '3105550000' }).expect(404);
    for (const res of [unknown, wrongEmail, wrongCancel]) expect(res.body).toEqual(NO_MATCH);
  });

  it('refuses a request with neither details nor link with a 400', async () => {
    const res = await lookup({ reference: 'LX-AAAAA' }).expect(400);
    expect(res.body.statusCode).toBe(400);
    await lookup({ reference: 'LX-AAAAA', contact: 'a@b.c', extra: 1 }).expect(400);
  });

  it('cancels before the cutoff (and again harmlessly), and answers 409 with the number to call inside it', async () => {
    const later = await book(stack, {}, 6);
    const cancelled = await cancel({ reference: later.reference, contact: later.phone }).expect(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', canCancel: false });
    await cancel({ reference: later.reference, contact: later.phone }).expect(200);
    const admin = await request(stack.baseUrl).get('/api/admin/bookings').set('Authorization', adminAuth(stack)).expect(200);
    expect(admin.body.find((b: { id: number }) => b.id === later.id).status).toBe('cancelled');

    const soon = await book(stack, {}, 3);
    const view = (await lookup({ reference: soon.reference, contact: soon.email }).expect(200)).body as CustomerBookingView;
    expect(view.canCancel).toBe(false);
    const refused = await cancel({ reference: soon.reference, contact: soon.email }).expect(409);
    expect(refused.body.message).toBe(`Cancellation online is possible up to 100 hours before pickup. Please call ${COMPANY.phone.display}.`);
    expect((await lookup({ reference: soon.reference, contact: soon.email }).expect(200)).body.status).toBe('pending');
  });

  it('opens the booking from the signed link in the email, and nothing from a changed or expired one', async () => {
    const booking = await book(stack, {}, 6);
    const expiresAt = Math.floor(Date.now() / 1000) + 3600;
    const token = signLink({ purpose: 'manage', bookingId: booking.id, expiresAt }, stack.env.vars.LINK_SIGNING_SECRET);
    expect((await lookup({ token }).expect(200)).body.reference).toBe(booking.reference);
    await lookup({ token: token.slice(0, -2) }).expect(404);
    await lookup({ token: signLink({ purpose: 'track', bookingId: booking.id, expiresAt }, stack.env.vars.LINK_SIGNING_SECRET) }).expect(404);
    await lookup({ token: signLink({ purpose: 'manage', bookingId: booking.id, expiresAt: expiresAt - 7200 }, stack.env.vars.LINK_SIGNING_SECRET) }).expect(404);
  });

  it('slows down guessing the details of one reference (429 with Retry-After)', async () => {
    const booking = await book(stack, {}, 6);
    for (let i = 0; i < 3; i++) await lookup({ reference: booking.reference, contact: `guess${i}@example.com` }).expect(404);
    const held = await lookup({ reference: booking.reference, contact: 'guess9@example.com' }).expect(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("lets the owner in from their own address whatever strangers failed elsewhere, while each stranger's guesses stay slow", async () => {
    const booking = await book(stack, {}, 6);
    const from = (ip: string, body: object) => request(stack.baseUrl).post('/api/bookings/lookup').set('X-Forwarded-For', ip).send(body);
    for (let i = 0; i < 10; i++) await from(`203.0.113.${60 + i}`, { reference: booking.reference, contact: `guess${i}@example.com` }).expect(404);
    expect((await from('198.51.100.60', { reference: booking.reference, contact: booking.email }).expect(200)).body.reference).toBe(booking.reference);
    // One address guessing, whatever the case of the reference, is held after a few.
    for (const reference of [booking.reference, booking.reference.toLowerCase(), ` ${booking.reference} `]) {
      await from('203.0.113.90', { reference, contact: 'guess@example.com' }).expect(404);
    }
    await from('203.0.113.90', { reference: booking.reference.toLowerCase(), contact: 'guess-again@example.com' }).expect(429);
  });
});
