import pg from 'pg';
import request from 'supertest';
import { ACCOUNT_MESSAGES, chauffeurAssigned, roundTripLegFixed, CustomerBookingView, CustomerChangeQuote, pickupTooSoon, SELF_SERVICE_MESSAGES, tooLateToChange } from '@limo/contracts';
import { COMPANY } from '@limo/contracts/common/company';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { signedInCustomer } from '../../tests/support/customer-account.js';
import { assign, book, pickupIn, signedInDriver } from '../../tests/support/drivers.js';
import { withStack } from '../../tests/support/fixtures.js';
import { bookRoundTrip } from '../../tests/support/round-trips.js';
import { startSmtpInbox, type SmtpInbox } from '../../tests/support/smtp-inbox.js';

const NOT_SIGNED_IN = { statusCode: 401, message: ACCOUNT_MESSAGES.signInRequired };
const NO_MATCH = { statusCode: 404, message: SELF_SERVICE_MESSAGES.noMatch };

/**
 * Issue 36, the account's own bookings: a signed-in customer changes one (re-quoted, within the
 * cancel cutoff and the lead time), cancels one, reads its receipt, and saves their contact
 * details. Only bookings made with the session's email.
 */
describe("customer accounts: changing, cancelling and the receipt of the account's bookings", () => {
  let inbox: SmtpInbox;
  let db: pg.Client | undefined;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  const stack = withStack(
    () => ({ services: ['fleet', 'booking', 'drivers', 'notifications', 'customers'], env: { SMTP_URL: inbox.url, TRUSTED_PROXIES: 'loopback' } }),
    { beforeStop: () => db?.end() },
  );
  beforeAll(async () => {
    db = new pg.Client({ connectionString: stack.env.databaseUrl });
    await db.connect();
  });
  afterAll(() => inbox?.close());

  let lastEmail = 0;
  const newEmail = (tag: string) => `${tag}-${++lastEmail}-${Date.now()}@example.com`;
  let lastAddress = 0;
  const signIn = (email: string) => signedInCustomer(stack.baseUrl, inbox, email, `203.0.113.${++lastAddress}`);
  const stored = async (id: number) =>
    (await db!.query(`SELECT version, pickup_time, dropoff_location, passengers, luggage, total_amount::text AS total, status FROM booking.bookings WHERE id = $1`, [id])).rows[0];
  const events = async (id: number, type: string) => (await db!.query(`SELECT payload FROM booking.outbox_events WHERE aggregate_id = $1 AND type = $2`, [String(id), type])).rows;

  it('answers 401 to every account booking route and the details without a session', async () => {
    const anon = request(stack.baseUrl);
    expect((await anon.get('/api/account/bookings/1').expect(401)).body).toEqual(NOT_SIGNED_IN);
    await anon.post('/api/account/bookings/1/quote').send({ passengers: 2 }).expect(401);
    await anon.patch('/api/account/bookings/1').send({ passengers: 2 }).expect(401);
    await anon.post('/api/account/bookings/1/cancel').send({}).expect(401);
    expect((await anon.patch('/api/account').send({ name: 'Ann Lee', phone: '3105550100' }).expect(401)).body).toEqual(NOT_SIGNED_IN);
  });

  it('prices a change first (nothing stored), then changes the ride at that price, with the timeline, the event and a new version', async () => {
    const email = newEmail('change');
    const booking = await book(stack, { email: email.toUpperCase() });
    const agent = await signIn(email);
    const before = await stored(booking.id);
    const changes = { pickupTime: '14:00', dropoffLocation: 'LAX - Los Angeles International Airport', passengers: 3, luggage: 2 };

    const quoted = await agent.post(`/api/account/bookings/${booking.id}/quote`).send(changes).expect(200);
    expect(quoted.headers['cache-control']).toBe('no-store');
    const { previous, price } = CustomerChangeQuote.parse(quoted.body);
    expect(previous.total).toBe(before.total);
    expect(price.total).not.toBe(previous.total);
    expect(await stored(booking.id)).toEqual(before);

    const changed = await agent.patch(`/api/account/bookings/${booking.id}`).send(changes).expect(200);
    const view = CustomerBookingView.parse(changed.body);
    expect(view).toMatchObject({ pickupTime: '14:00', dropoffLocation: changes.dropoffLocation, passengers: 3, luggage: 2 });
    expect(view.price.total).toBe(price.total);
    expect(await stored(booking.id)).toMatchObject({ version: before.version + 1, pickup_time: '14:00', passengers: 3, luggage: 2, total: price.total });
    const timeline = (await db!.query(`SELECT actor_kind, detail FROM booking.booking_timeline WHERE booking_id = $1 AND kind = 'edited'`, [booking.id])).rows;
    expect(timeline).toEqual([{ actor_kind: 'customer', detail: expect.stringContaining(`Re-priced $${previous.total} → $${price.total}`) }]);
    const updated = await events(booking.id, 'booking.booking.updated.v1');
    expect(updated.at(-1).payload.data.booking).toMatchObject({ pickupTime: '14:00', totalAmount: price.total });
  });

  it('clears the flight of a ride moved away from the airport, and prices a change of a booking holding credit as it stores it', async () => {
    const email = newEmail('flight');
    const flying = await book(stack, { email, pickupLocation: 'LAX - Los Angeles International Airport', flightNumber: 'AA100' });
    const agent = await signIn(email);
    const moved = await agent.patch(`/api/account/bookings/${flying.id}`).send({ pickupLocation: 'Santa Monica Pier, 200 Santa Monica Pier, Santa Monica, CA 90401' }).expect(200);
    expect(moved.body.flightNumber ?? null).toBeNull();

    // $30.00 of credit, spent on a booking made signed in; its change keeps it, in the preview as in what is stored.
    await request(stack.baseUrl).post('/api/admin/customers/ledger/adjustments').set('Authorization', adminAuth(stack)).send({ email, amount: '30.00', reason: 'Goodwill' }).expect(200);
    const ride = { tripType: 'one-way', pickupDate: flying.pickupDate, pickupTime: '15:00', pickupLocation: 'LAX - Los Angeles International Airport', dropoffLocation: 'Downtown Los Angeles', vehicleId: 1 };
    const quote = (await agent.post('/api/quotes').send(ride).expect(200)).body.quote;
    expect(quote.credit).toBe('30.00');
    // A booking for someone else's email is quoted without the account's credit; the account's own email (any case) with it.
    expect((await agent.post('/api/quotes').send({ ...ride, email: 'someone.else@example.com' }).expect(200)).body.quote.credit).toBeUndefined();
    expect((await agent.post('/api/quotes').send({ ...ride, email: email.toUpperCase() }).expect(200)).body.quote.credit).toBe('30.00');
    const contact = { firstName: 'Ann', lastName: 'Lee', email, phone: '3105550100', paymentMethod: 'phone-card', duration: 1 };
    const held = (await agent.post('/api/bookings').send({ ...ride, ...contact, benefits: { freeRide: false, credit: '30.00' } }).expect(201)).body;
    expect(held.price).toMatchObject({ credit: '30.00', total: quote.total });
    const preview = CustomerChangeQuote.parse((await agent.post(`/api/account/bookings/${held.id}/quote`).send({ passengers: 2 }).expect(200)).body);
    expect(preview.price.credit).toBe('30.00');
    const changed = CustomerBookingView.parse((await agent.patch(`/api/account/bookings/${held.id}`).send({ passengers: 2 }).expect(200)).body);
    expect(changed.price.total).toBe(preview.price.total);
  });

  it("answers 404 for another email's booking, as for an unknown one, and changes nothing", async () => {
    const booking = await book(stack, { email: newEmail('owner') });
    const agent = await signIn(newEmail('someone-else'));
    const before = await stored(booking.id);
    expect((await agent.get(`/api/account/bookings/${booking.id}`).expect(404)).body).toEqual(NO_MATCH);
    expect((await agent.post(`/api/account/bookings/${booking.id}/quote`).send({ passengers: 2 }).expect(404)).body).toEqual(NO_MATCH);
    expect((await agent.patch(`/api/account/bookings/${booking.id}`).send({ passengers: 2 }).expect(404)).body).toEqual(NO_MATCH);
    expect((await agent.post(`/api/account/bookings/${booking.id}/cancel`).send({}).expect(404)).body).toEqual(NO_MATCH);
    expect((await agent.patch('/api/account/bookings/999999999').send({ passengers: 2 }).expect(404)).body).toEqual(NO_MATCH);
    expect(await stored(booking.id)).toEqual(before);
  });

  it('refuses a change after the cancel cutoff (409) and a new pickup inside the lead time (400), writing nothing', async () => {
    const email = newEmail('late');
    const agent = await signIn(email);
    const soon = await book(stack, { email, ...pickupIn(5 * 60) });
    const late = await agent.patch(`/api/account/bookings/${soon.id}`).send({ passengers: 2 }).expect(409);
    expect(late.body).toEqual({ statusCode: 409, message: tooLateToChange(24, COMPANY.phone.display) });

    const later = await book(stack, { email });
    const before = await stored(later.id);
    const tooSoon = await agent.patch(`/api/account/bookings/${later.id}`).send(pickupIn(30)).expect(400);
    expect(tooSoon.body).toEqual({ statusCode: 400, message: pickupTooSoon(120) });
    expect(await stored(later.id)).toEqual(before);
  });

  it('answers 400 for bad input and a party the vehicle cannot take, writing nothing', async () => {
    const email = newEmail('bad');
    const booking = await book(stack, { email });
    const agent = await signIn(email);
    const before = await stored(booking.id);
    for (const body of [{}, { passengers: 0 }, { pickupTime: '25:00' }, { tripType: 'hourly' }, { firstName: 'X' }, { pickupLocation: '' }]) {
      const res = await agent.patch(`/api/account/bookings/${booking.id}`).send(body).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, message: expect.any(String) });
    }
    await agent.patch(`/api/account/bookings/${booking.id}`).send({ passengers: 40 }).expect(400);
    await agent.patch(`/api/account/bookings/abc`).send({ passengers: 2 }).expect(400);
    expect(await stored(booking.id)).toEqual(before);
    expect(await events(booking.id, 'booking.booking.updated.v1')).toEqual([]);
  });

  it("keeps a ride's time, places and vehicle once a chauffeur is assigned (409), and still takes a change of passengers", async () => {
    const email = newEmail('assigned');
    const booking = await book(stack, { email });
    const { driver } = await signedInDriver(stack, { firstName: 'Assigned' });
    await assign(stack, booking.id, driver.id).expect(200);
    const agent = await signIn(email);
    const refused = await agent.patch(`/api/account/bookings/${booking.id}`).send({ pickupTime: '15:00' }).expect(409);
    expect(refused.body).toEqual({ statusCode: 409, message: chauffeurAssigned(COMPANY.phone.display) });
    const changed = await agent.patch(`/api/account/bookings/${booking.id}`).send({ passengers: 2 }).expect(200);
    expect(changed.body).toMatchObject({ passengers: 2, pickupTime: '10:30' });
  });

  it("keeps a round trip leg's time and places (409), and re-quotes a change of its party as a return leg still", async () => {
    const email = newEmail('trip');
    const trip = await bookRoundTrip(stack, { email });
    const agent = await signIn(email);
    const back = trip.returnBooking;
    const refused = await agent.patch(`/api/account/bookings/${back.id}`).send({ pickupTime: '19:00' }).expect(409);
    expect(refused.body).toEqual({ statusCode: 409, message: roundTripLegFixed(trip.tripReference, COMPANY.phone.display) });
    const before = await stored(back.id);
    const quoted = CustomerChangeQuote.parse((await agent.post(`/api/account/bookings/${back.id}/quote`).send({ passengers: 3 }).expect(200)).body);
    // Still priced as the return leg of its trip (its discount kept), and the party does not change the fare.
    expect(quoted.previous.lines?.some((line) => line.code === 'return-discount' || line.code === 'offer')).toBe(true);
    expect(quoted.price.lines).toEqual(quoted.previous.lines);
    const changed = CustomerBookingView.parse((await agent.patch(`/api/account/bookings/${back.id}`).send({ passengers: 3 }).expect(200)).body);
    expect(changed).toMatchObject({ passengers: 3, pickupTime: before.pickup_time, price: { total: quoted.price.total } });
  });

  it('cancels a booking of the account', async () => {
    const email = newEmail('cancel');
    const booking = await book(stack, { email });
    const agent = await signIn(email);
    expect((await agent.post(`/api/account/bookings/${booking.id}/cancel`).send({ alsoOtherLeg: 'yes' }).expect(400)).body).toMatchObject({ statusCode: 400 });
    expect((await stored(booking.id)).status).toBe('pending');
    // No body: this booking alone.
    const cancelled = await agent.post(`/api/account/bookings/${booking.id}/cancel`).expect(200);
    expect(cancelled.body).toMatchObject({ reference: booking.reference, status: 'cancelled', canCancel: false });
    expect((await stored(booking.id)).status).toBe('cancelled');
    const changeAfter = await agent.patch(`/api/account/bookings/${booking.id}`).send({ passengers: 2 }).expect(409);
    expect(changeAfter.body.message).toBe(SELF_SERVICE_MESSAGES.notChangeable);
  });

  it("shows a ride's receipt with the final settled amount once reviewed", async () => {
    const email = newEmail('receipt');
    const booking = await book(stack, { email });
    const admin = adminAuth(stack);
    await request(stack.baseUrl).patch(`/api/bookings/${booking.id}`).set('Authorization', admin).send({ status: 'completed' }).expect(200);
    const agent = await signIn(email);
    const unsettled = CustomerBookingView.parse((await agent.get(`/api/account/bookings/${booking.id}`).expect(200)).body);
    expect(unsettled.settlement).toBeNull();
    const { version } = await stored(booking.id);
    await request(stack.baseUrl)
      .post(`/api/admin/bookings/${booking.id}/settlement`)
      .set('Authorization', admin)
      .send({ decision: 'adjust', wait: '0.00', extras: [{ kind: 'parking', amount: '12.50', note: 'Airport garage' }], reason: 'Parking receipt', version })
      .expect(200);
    const receipt = await agent.get(`/api/account/bookings/${booking.id}`).expect(200);
    expect(receipt.headers['cache-control']).toBe('no-store');
    const view = CustomerBookingView.parse(receipt.body);
    expect(view.settlement).toMatchObject({ status: 'approved', extras: [{ kind: 'parking', amount: '12.50', note: 'Airport garage' }] });
    expect(Number(view.settlement!.finalAmount)).toBeCloseTo(Number(view.price.total) + 12.5, 2);
  });

  it('saves the contact details the wizard fills in, checked by the booking form rules', async () => {
    const email = newEmail('details');
    const agent = await signIn(email);
    const saved = await agent.patch('/api/account').send({ name: '  Ann Marie Lee ', phone: '(310) 555-0100' }).expect(200);
    expect(saved.headers['cache-control']).toBe('no-store');
    expect(saved.body).toMatchObject({ email, name: 'Ann Marie Lee', phone: '(310) 555-0100' });
    expect((await agent.get('/api/account').expect(200)).body).toEqual(saved.body);
    for (const body of [{ name: 'Ann', phone: '3105550100' }, { name: 'Ann Lee', phone: 'call me' }, { name: 'Ann Lee' }, { name: 'Ann\u0000 Lee', phone: '3105550100' }, { name: 'Ann Lee', phone: '3105550100', email: 'x@y.z' }]) {
      expect((await agent.patch('/api/account').send(body).expect(400)).body).toMatchObject({ statusCode: 400 });
    }
    expect((await agent.get('/api/account').expect(200)).body).toEqual(saved.body);
  });
});
