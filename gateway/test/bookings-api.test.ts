import pg from 'pg';
import request from 'supertest';
import { addDays, Booking, BOOKING_MESSAGES, businessToday, PendingBookingRequest, type BookingRequestInput } from '@limo/contracts';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { eventually } from '../../tests/support/stack.js';
import { withStack } from '../../tests/support/fixtures.js';

const M = BOOKING_MESSAGES;
// The reference a customer is told: LX- and five letters or digits that cannot be misread.
const REFERENCE_PATTERN = /^LX-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{5}$/;
const tomorrow = () => addDays(businessToday(), 1);
let seq = 0;

/** A valid wizard payload as the spec's front end sends it (one-way, no add-ons). */
function oneWay(overrides: Partial<BookingRequestInput> & Record<string, unknown> = {}): Record<string, unknown> {
  seq += 1;
  return {
    tripType: 'one-way',
    pickupDate: tomorrow(),
    pickupTime: '14:30',
    pickupLocation: 'Los Angeles International Airport (LAX), 1 World Way, Los Angeles, CA 90045',
    dropoffLocation: 'The Beverly Hills Hotel, 9641 Sunset Blvd, Beverly Hills, CA 90210',
    duration: 1,
    specialRequests: '',
    vehicleId: 1,
    firstName: 'Ada',
    lastName: `Lovelace${seq}`,
    email: `ada${seq}.${Date.now()}@example.com`,
    phone: '(310) 555-0100',
    paymentMethod: 'phone-card',
    smsUpdates: false,
    meetGreet: false,
    childSeats: false,
    // What the browser may send: ignored, the server prices (LAX to Beverly Hills: $75.00 all-in).
    baseRate: '1.00',
    serviceFee: '0.00',
    gratuity: '0.00',
    totalAmount: '1.00',
    ...overrides,
  };
}

const hourly = (overrides: Record<string, unknown> = {}) =>
  oneWay({ tripType: 'hourly', dropoffLocation: '', duration: 3, ...overrides });

describe('bookings API through the gateway and the booking service', () => {
  let db: pg.Client;
  const stack = withStack({ services: ['fleet', 'booking', 'drivers', 'reporting'] }, { beforeStop: () => db?.end() });

  beforeAll(async () => {
    db = new pg.Client({ connectionString: stack.env.databaseUrl });
    await db.connect();
  });

  const api = () => request(stack.baseUrl);
  const admin = () => adminAuth(stack);
  const post = (body: unknown, key?: string) => {
    const req = api().post('/api/bookings').set('Content-Type', 'application/json');
    if (key !== undefined) req.set('Idempotency-Key', key);
    return req.send(body as object);
  };
  const count = async (where = 'true', params: unknown[] = []) =>
    Number((await db.query(`SELECT count(*) FROM booking.bookings WHERE ${where}`, params)).rows[0].count);
  const events = async (aggregateId: number) =>
    (
      await db.query(`SELECT type, payload FROM booking.outbox_events WHERE aggregate_id = $1 ORDER BY seq`, [String(aggregateId)])
    ).rows as { type: string; payload: { data: any } }[];

  describe('creating a booking', () => {
    it('stores a pending one-way booking with a reference and the itemised server price', async () => {
      const body = oneWay();
      const res = await post(body).expect(201);
      const booking = Booking.parse(res.body);
      expect(booking.reference).toMatch(REFERENCE_PATTERN);
      expect(booking).toMatchObject({
        status: 'pending',
        version: 1,
        tripType: 'one-way',
        pickupDate: body.pickupDate,
        pickupTime: '14:30',
        dropoffLocation: body.dropoffLocation,
        duration: null,
        specialRequests: null,
        paymentMethod: 'phone-card',
        vehicleId: 1,
        // decisions.md: LAX to Beverly Hills is $75.00 all-in in the Executive Sedan; the 5% fee and 15% gratuity are parts of it.
        baseRate: '62.11',
        serviceFee: '3.11',
        gratuity: '9.78',
        totalAmount: '75.00',
        price: {
          fare: '65.00',
          airportSurcharge: '10.00',
          base: '62.11',
          meetGreet: '0.00',
          childSeats: '0.00',
          addOns: '0.00',
          serviceFee: '3.11',
          gratuity: '9.78',
          total: '75.00',
          method: 'zone',
          pricedAs: 'LAX to Beverly Hills',
          toBeConfirmed: null,
          lines: [
            { code: 'fare', label: 'Transfer fare: LAX to Beverly Hills', amount: '65.00' },
            { code: 'airport-surcharge', label: 'Airport surcharge', amount: '10.00' },
          ],
        },
        completedAt: null,
        adminNotes: null,
      });
      const row = (await db.query(`SELECT reference, total_amount::text, pickup_date::text FROM booking.bookings WHERE id = $1`, [booking.id])).rows[0];
      expect(row).toEqual({ reference: booking.reference, total_amount: '75.00', pickup_date: body.pickupDate });
    });

    it('stores its own figures whatever price strings the browser sent', async () => {
      const tampered = oneWay({ meetGreet: true, childSeats: true, baseRate: '1.00', serviceFee: '0.00', gratuity: '0.00', totalAmount: '0.01' });
      const res = await post(tampered).expect(201);
      expect(res.body).toMatchObject({
        // $75.00 + meet and greet $25.00 + a child seat $15.00, fee and gratuity their parts.
        baseRate: '62.11',
        serviceFee: '4.76',
        gratuity: '15.00',
        totalAmount: '115.00',
        price: { meetGreet: '20.70', childSeats: '12.43', addOns: '33.13' },
      });
      expect(res.body.price.lines.map((l: { amount: string }) => l.amount)).toEqual(['65.00', '10.00', '25.00', '15.00']);
      const stored = (await db.query(`SELECT total_amount::text AS total FROM booking.bookings WHERE id = $1`, [res.body.id])).rows[0];
      expect(stored.total).toBe('115.00');
      const listed = await api().get('/api/bookings').set('Authorization', admin()).expect(200);
      expect(listed.body.find((b: Booking) => b.id === res.body.id).totalAmount).toBe('115.00');
    });

    it('prices an hourly ride by its hours and keeps no drop-off', async () => {
      const res = await post(hourly({ duration: 3, meetGreet: true, childSeats: true, totalAmount: '1.00' })).expect(201);
      // 3 hours at $100.00 from LAX (its $10.00 surcharge), meet and greet and a child seat.
      expect(res.body).toMatchObject({ tripType: 'hourly', duration: 3, dropoffLocation: null, totalAmount: '350.00', price: { pricedAs: '3 hours at $100.00 an hour' } });
      const minimum = await post(hourly({ duration: 1 })).expect(201);
      expect(minimum.body).toMatchObject({ duration: 1, totalAmount: '310.00', price: { pricedAs: '3 hours at $100.00 an hour (3-hour minimum)' } });
    });

    it('keeps stops and special requests', async () => {
      const res = await post(oneWay({ waypoints: ['Union Station, 800 N Alameda St'], specialRequests: ' Flight AA123 ' })).expect(201);
      expect(res.body).toMatchObject({ waypoints: ['Union Station, 800 N Alameda St'], specialRequests: 'Flight AA123' });
    });

    it('writes a created event through the outbox that reporting consumes', async () => {
      const before = await api().get('/api/admin/stats').set('Authorization', admin()).expect(200);
      const res = await post(oneWay()).expect(201);
      const written = await events(res.body.id);
      expect(written.map((e) => e.type)).toEqual(['booking.booking.created.v1']);
      expect(written[0].payload.data.booking).toMatchObject({ id: res.body.id, reference: res.body.reference, version: 1, status: 'pending', totalAmount: '75.00' });
      await eventually(
        async () => (await db.query(`SELECT published_at FROM booking.outbox_events WHERE aggregate_id = $1`, [String(res.body.id)])).rows[0].published_at,
        10_000,
        'the relay to publish the event',
      );
      await eventually(async () => {
        const stats = await api().get('/api/admin/stats').set('Authorization', admin()).expect(200);
        return stats.body.totalBookings > before.body.totalBookings;
      }, 10_000, 'reporting to count the booking');
    });

    it('answers, stores, replays, records and announces the same booking (one statement writes them all)', async () => {
      const body = oneWay({ waypoints: ['Union Station, 800 N Alameda St'], passengers: 2, meetGreet: true });
      const key = `agree-${Date.now()}`;
      const res = await post(body, key).expect(201);
      const booking = Booking.parse(res.body);
      // The row as the reads see it (Prisma), the key's stored answer.
      const listed = await api().get('/api/admin/bookings').set('Authorization', admin()).expect(200);
      expect(listed.body.find((b: Booking) => b.id === booking.id)).toEqual(res.body);
      expect((await post(body, key).expect(201)).body).toEqual(res.body);
      const timeline = await api().get(`/api/admin/bookings/${booking.id}/timeline`).set('Authorization', admin()).expect(200);
      expect(timeline.body).toEqual([
        expect.objectContaining({ at: booking.createdAt, kind: 'created', actor: { kind: 'customer', id: null, name: null }, detail: `Booked as ${booking.reference}` }),
      ]);
      // The created event against the snapshot an edit (read back through Prisma) announces.
      await api().patch(`/api/bookings/${booking.id}`).set('Authorization', admin()).send({ adminNotes: 'Call on arrival' }).expect(200);
      const [created, updated] = await events(booking.id);
      expect(created.payload).toMatchObject({ type: 'booking.booking.created.v1', aggregateId: String(booking.id), occurredAt: booking.createdAt });
      const { pickup_at } = (await db.query(`SELECT pickup_at FROM booking.bookings WHERE id = $1`, [booking.id])).rows[0];
      expect(created.payload.data.booking.pickupAt).toBe(pickup_at.toISOString());
      expect(created.payload.data.booking).toEqual({ ...updated.payload.data.booking, version: 1, updatedAt: booking.updatedAt });
    });

  });

  describe('Idempotency-Key', () => {
    it('answers a retry with the same key and body with the first booking and creates nothing new', async () => {
      const body = oneWay();
      const key = `retry-${Date.now()}`;
      const first = await post(body, key).expect(201);
      const again = await post(body, key).expect(201);
      expect(again.body).toEqual(first.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      expect(await count('email = $1', [body.email])).toBe(1);
      expect((await events(first.body.id)).length).toBe(1);
    });

    it('creates exactly one booking when concurrent retries share a key', async () => {
      const body = oneWay();
      const key = `concurrent-${Date.now()}`;
      const answers = await Promise.all(Array.from({ length: 12 }, () => post(body, key)));
      expect(answers.map((a) => a.status)).toEqual(Array(12).fill(201));
      expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
      expect(answers.filter((a) => a.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
      expect(await count('email = $1', [body.email])).toBe(1);
      expect((await events(answers[0].body.id)).length).toBe(1);
    });

    it('refuses the same key with a different body (422) and stores nothing', async () => {
      const body = oneWay();
      const key = `reuse-${Date.now()}`;
      await post(body, key).expect(201);
      const other = { ...body, pickupTime: '15:00' };
      const res = await post(other, key).expect(422);
      expect(res.body).toEqual({ statusCode: 422, message: 'Idempotency-Key was already used with a different request' });
      expect(await count('email = $1', [body.email])).toBe(1);
    });

    it('treats different keys as different bookings', async () => {
      const body = oneWay();
      await post(body, `a-${Date.now()}`).expect(201);
      await post(body, `b-${Date.now()}`).expect(201);
      expect(await count('email = $1', [body.email])).toBe(2);
    });

    it('rejects a malformed key with 400', async () => {
      for (const key of ['has space', 'x'.repeat(256), '']) {
        const res = await post(oneWay(), key);
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(/Idempotency-Key must be 1 to 255 visible ASCII characters/);
      }
    });
  });

  describe('bad input', () => {
    const yesterday = () => addDays(businessToday(), -1);
    const without = (field: string) => {
      const body = oneWay();
      delete body[field];
      return body;
    };
    const cases: [string, () => unknown, string][] = [
      ['a missing pickup date', () => without('pickupDate'), M.pickupDateRequired],
      ['an empty pickup date', () => oneWay({ pickupDate: '' }), M.pickupDateRequired],
      ['a pickup date that is not a date', () => oneWay({ pickupDate: '2030-02-30' }), M.pickupDateInvalid],
      ['a pickup date in the past (Los Angeles time)', () => oneWay({ pickupDate: yesterday() }), M.pickupDatePast],
      ['a pickup date years ahead', () => oneWay({ pickupDate: addDays(businessToday(), 800) }), M.pickupDateTooFar],
      ['a missing pickup time', () => without('pickupTime'), M.pickupTimeRequired],
      ['a pickup time off the 30-minute slots', () => oneWay({ pickupTime: '14:15' }), M.pickupTimeInvalid],
      ['a missing pickup location', () => without('pickupLocation'), M.pickupLocationRequired],
      ['a blank pickup location', () => oneWay({ pickupLocation: '   ' }), M.pickupLocationRequired],
      ['a bad email', () => oneWay({ email: 'not-an-email' }), M.email],
      ['a phone under 10 characters', () => oneWay({ phone: '555-0100' }), M.phone],
      ['a phone with letters', () => oneWay({ phone: 'call me maybe' }), M.phone],
      ['a missing first name', () => without('firstName'), M.firstName],
      ['a blank last name', () => oneWay({ lastName: ' ' }), M.lastName],
      ['an hourly duration of 0', () => hourly({ duration: 0 }), 'Duration must be between 1 and 24 hours'],
      ['an hourly duration of 25', () => hourly({ duration: 25 }), 'Duration must be between 1 and 24 hours'],
      ['a fractional duration', () => hourly({ duration: 2.5 }), 'Duration must be a whole number of hours'],
      ['an hourly ride without a duration', () => hourly({ duration: undefined }), M.durationRequired],
      ['a wrong trip type', () => oneWay({ tripType: 'round-trip' }), M.tripType],
      ['a one-way ride without a drop-off', () => oneWay({ dropoffLocation: '' }), M.dropoffLocationRequired],
      ['an unknown field', () => oneWay({ isAdmin: true }), 'Unrecognized key: "isAdmin"'],
      ['another payment method', () => oneWay({ paymentMethod: 'cash' }), 'Payment method must be phone-card'],
      ['an absurdly long location', () => oneWay({ pickupLocation: 'x'.repeat(301) }), 'Pickup location must be at most 300 characters'],
      ['absurdly long special requests', () => oneWay({ specialRequests: 'x'.repeat(1001) }), 'Special requests must be at most 1000 characters'],
      ['too many stops', () => oneWay({ waypoints: Array(6).fill('Union Station') }), 'At most 5 stops can be added'],
      ['an absurd price string', () => oneWay({ totalAmount: '9'.repeat(40) }), 'Price strings must be at most 32 characters'],
      ['a body that is a list', () => [oneWay()], 'expected object'],
    ];

    it.each(cases)('rejects %s with 400 and the rule message, storing nothing', async (_what, body, message) => {
      const before = await count();
      const res = await post(body());
      expect(res.status).toBe(400);
      expect(res.body.statusCode).toBe(400);
      expect(res.body.message).toContain(message);
      if (!Array.isArray(body())) expect(res.body.errors.map((e: { message: string }) => e.message)).toContain(message);
      expect(await count()).toBe(before);
    });

    it('reports every broken rule of a form at once', async () => {
      const res = await post({ tripType: 'one-way', pickupDate: '', pickupTime: '', pickupLocation: '', firstName: '', lastName: '', email: 'x', phone: '1' }).expect(400);
      const messages = res.body.errors.map((e: { message: string }) => e.message);
      expect(messages).toEqual(
        expect.arrayContaining([M.pickupDateRequired, M.pickupTimeRequired, M.pickupLocationRequired, M.dropoffLocationRequired, M.firstName, M.lastName, M.email, M.phone]),
      );
    });

    it('rejects malformed JSON and an oversize body', async () => {
      await api().post('/api/bookings').set('Content-Type', 'application/json').send('{"tripType":').expect(400);
      const huge = JSON.stringify(oneWay({ specialRequests: 'x'.repeat(200_000) }));
      await api().post('/api/bookings').set('Content-Type', 'application/json').send(huge).expect(413);
    });
  });

  describe('admin reads and edits', () => {
    it('refuses the admin calls without credentials', async () => {
      await api().get('/api/bookings').expect(401);
      await api().get('/api/bookings/pending').expect(401);
      await api().get('/api/admin/bookings').expect(401);
      await api().patch('/api/bookings/1').send({ status: 'confirmed' }).expect(401);
    });

    it('lists every booking newest first on GET /api/bookings and GET /api/admin/bookings', async () => {
      const a = await post(oneWay()).expect(201);
      const b = await post(hourly()).expect(201);
      const list = await api().get('/api/bookings').set('Authorization', admin()).expect(200);
      const bookings = Booking.array().parse(list.body);
      const ids = bookings.map((x) => x.id);
      expect(ids.indexOf(b.body.id)).toBeLessThan(ids.indexOf(a.body.id));
      const adminList = await api().get('/api/admin/bookings').set('Authorization', admin()).expect(200);
      expect(adminList.body).toEqual(list.body);
    });

    it('pages the lists with limit and the X-Next-Cursor header', async () => {
      for (let i = 0; i < 4; i++) await post(oneWay()).expect(201);
      const first = await api().get('/api/bookings').query({ limit: 3 }).set('Authorization', admin()).expect(200);
      expect(first.body).toHaveLength(3);
      const cursor = first.headers['x-next-cursor'];
      expect(Number(cursor)).toBe(first.body[2].id);
      const second = await api().get('/api/bookings').query({ limit: 3, cursor }).set('Authorization', admin()).expect(200);
      expect(second.body).toHaveLength(3);
      expect(second.body[0].id).toBeLessThan(first.body[2].id);
      const pending = await api().get('/api/bookings/pending').query({ limit: 2 }).set('Authorization', admin()).expect(200);
      expect(pending.body).toHaveLength(2);
      expect(pending.body[0].id).toBeLessThan(pending.body[1].id);
      for (const limit of ['0', '5001', 'many']) {
        await api().get('/api/bookings').query({ limit }).set('Authorization', admin()).expect(400);
      }
    });

    it('answers a list larger than one NATS message (1 MB) in full', async () => {
      // 400 bookings with the longest notes and requests: about 1.4 MB of JSON.
      await db.query(
        `INSERT INTO booking.bookings (reference, trip_type, pickup_date, pickup_time, pickup_location, dropoff_location, first_name, last_name,
           email, phone, payment_method, base_rate, fare, meet_greet_fee, child_seats_fee, service_fee, gratuity, total_amount, special_requests,
           admin_notes, updated_at)
         SELECT 'LX-BIG' || g, 'one-way', current_date + 1, '10:00', 'LAX', 'Pasadena', 'Big', 'List', 'big' || g || '@example.com',
           '3105550100', 'phone-card', 245, 245, 0, 0, 12.25, 38.59, 295.84, repeat('r', 1000), repeat('n', 2000), now()
         FROM generate_series(1, 400) g`,
      );
      const total = await count();
      const res = await api().get('/api/admin/bookings').query({ limit: 5000 }).set('Authorization', admin()).expect(200);
      expect(res.body).toHaveLength(total);
      expect(JSON.stringify(res.body).length).toBeGreaterThan(1_200_000);
      expect(res.headers['x-next-cursor']).toBeUndefined();
      const pending = await api().get('/api/bookings/pending').set('Authorization', admin()).expect(200);
      expect(pending.body.filter((p: { customerName: string }) => p.customerName === 'Big List')).toHaveLength(400);
    });

    it('answers GET /api/bookings/pending in the pending-request shape with the vehicle name', async () => {
      const created = await post(oneWay({ firstName: 'Grace', lastName: 'Hopper' })).expect(201);
      const res = await api().get('/api/bookings/pending').set('Authorization', admin()).expect(200);
      const pending = PendingBookingRequest.array().parse(res.body);
      const mine = pending.find((p) => p.id === created.body.id)!;
      expect(mine).toMatchObject({
        reference: created.body.reference,
        customerName: 'Grace Hopper',
        customerEmail: created.body.email,
        customerPhone: '(310) 555-0100',
        pickupLocation: created.body.pickupLocation,
        dropoffLocation: created.body.dropoffLocation,
        scheduledDate: created.body.pickupDate,
        scheduledTime: '14:30',
        vehicleType: expect.any(String),
        passengers: null,
        status: 'pending',
        totalAmount: '75.00',
      });
      expect(pending.every((p) => p.status === 'pending')).toBe(true);
    });

    it('changes the status and notes, bumps the version and emits statusChanged with the old and new status', async () => {
      const created = await post(oneWay()).expect(201);
      const res = await api()
        .patch(`/api/bookings/${created.body.id}`)
        .set('Authorization', admin())
        .send({ status: 'confirmed', adminNotes: 'VIP, champagne' })
        .expect(200);
      expect(res.body).toMatchObject({ status: 'confirmed', adminNotes: 'VIP, champagne', version: 2, totalAmount: '75.00' });
      const written = await events(created.body.id);
      expect(written.map((e) => e.type)).toEqual(['booking.booking.created.v1', 'booking.booking.status-changed.v1']);
      expect(written[1].payload.data).toMatchObject({
        previousStatus: 'pending',
        status: 'confirmed',
        booking: { version: 2, status: 'confirmed', totalAmount: '75.00', completedAt: null },
      });
      const pending = await api().get('/api/bookings/pending').set('Authorization', admin()).expect(200);
      expect(pending.body.map((p: { id: number }) => p.id)).not.toContain(created.body.id);
    });

    it('emits updated for a notes-only change and nothing when nothing changes', async () => {
      const created = await post(oneWay()).expect(201);
      const url = `/api/bookings/${created.body.id}`;
      const noted = await api().patch(url).set('Authorization', admin()).send({ adminNotes: 'Call on arrival' }).expect(200);
      expect(noted.body).toMatchObject({ status: 'pending', adminNotes: 'Call on arrival', version: 2 });
      const same = await api().patch(url).set('Authorization', admin()).send({ adminNotes: 'Call on arrival', status: 'pending' }).expect(200);
      expect(same.body.version).toBe(2);
      const cleared = await api().patch(url).set('Authorization', admin()).send({ adminNotes: null }).expect(200);
      expect(cleared.body).toMatchObject({ adminNotes: null, version: 3 });
      expect((await events(created.body.id)).map((e) => e.type)).toEqual([
        'booking.booking.created.v1',
        'booking.booking.updated.v1',
        'booking.booking.updated.v1',
      ]);
    });

    it('moves between any of the five statuses, setting completedAt only while completed', async () => {
      const created = await post(oneWay()).expect(201);
      const url = `/api/bookings/${created.body.id}`;
      const path = ['completed', 'cancelled', 'in-progress', 'completed', 'pending', 'confirmed', 'cancelled', 'pending'];
      let previous = 'pending';
      for (const [i, status] of path.entries()) {
        const res = await api().patch(url).set('Authorization', admin()).send({ status }).expect(200);
        expect(res.body).toMatchObject({ status, version: i + 2 });
        if (status === 'completed') expect(res.body.completedAt).toEqual(expect.any(String));
        else expect(res.body.completedAt).toBeNull();
        const last = (await events(created.body.id)).at(-1)!;
        expect(last.payload.data).toMatchObject({ previousStatus: previous, status, booking: { version: i + 2 } });
        previous = status;
      }
    });

    it('serialises concurrent edits so every event has the true previous status', async () => {
      const created = await post(oneWay()).expect(201);
      const url = `/api/bookings/${created.body.id}`;
      await Promise.all(
        ['confirmed', 'in-progress', 'completed', 'cancelled'].map((status) => api().patch(url).set('Authorization', admin()).send({ status }).expect(200)),
      );
      const changes = (await events(created.body.id)).slice(1).map((e) => e.payload.data);
      expect(changes.map((c) => c.booking.version)).toEqual([2, 3, 4, 5]);
      for (let i = 1; i < changes.length; i++) expect(changes[i].previousStatus).toBe(changes[i - 1].status);
      expect(changes[0].previousStatus).toBe('pending');
    });

    it('answers 404 for an unknown id and 400 for a bad id or body', async () => {
      const missing = await api().patch('/api/bookings/999999').set('Authorization', admin()).send({ status: 'confirmed' }).expect(404);
      expect(missing.body).toEqual({ statusCode: 404, message: 'Booking 999999 not found' });
      await api().patch('/api/bookings/abc').set('Authorization', admin()).send({ status: 'confirmed' }).expect(400);
      await api().patch('/api/bookings/0').set('Authorization', admin()).send({ status: 'confirmed' }).expect(400);
      const created = await post(oneWay()).expect(201);
      const url = `/api/bookings/${created.body.id}`;
      const badStatus = await api().patch(url).set('Authorization', admin()).send({ status: 'assigned' }).expect(400);
      expect(badStatus.body.message).toContain('Status must be one of pending, confirmed, in-progress, completed, cancelled');
      const empty = await api().patch(url).set('Authorization', admin()).send({}).expect(400);
      expect(empty.body.message).toContain('Nothing to update');
      await api().patch(url).set('Authorization', admin()).send({ status: 'confirmed', totalAmount: '0.01' }).expect(400);
      await api().patch(url).set('Authorization', admin()).send({ adminNotes: 'x'.repeat(2001) }).expect(400);
      const unchanged = await api().get('/api/bookings').set('Authorization', admin()).expect(200);
      expect(unchanged.body.find((b: Booking) => b.id === created.body.id)).toMatchObject({ version: 1, status: 'pending', totalAmount: '75.00' });
    });
  });

  describe('the fleet as the booking service knows it', () => {
    it('keeps pricing bookings from its copy of the fleet while the fleet service is down', async () => {
      await post(oneWay()).expect(201);
      await stack.stopService('fleet');
      try {
        const res = await post(oneWay()).expect(201);
        expect(Booking.parse(res.body).totalAmount).toBe('75.00');
      } finally {
        await stack.startService('fleet');
      }
    });

    it('refuses a vehicle as soon as the fleet says it is out of service, and takes it again when it is back', async () => {
      const vehicleId = 3;
      const setActive = (isActive: boolean) =>
        api().patch(`/api/admin/vehicles/${vehicleId}`).set('Authorization', admin()).send({ isActive }).expect(200);
      await post(oneWay({ vehicleId })).expect(201);
      await setActive(false);
      try {
        await eventually(async () => (await post(oneWay({ vehicleId }))).status === 400, 5_000, 'the out-of-service vehicle to be refused');
      } finally {
        await setActive(true);
      }
      await eventually(async () => (await post(oneWay({ vehicleId }))).status === 201, 5_000, 'the vehicle to be taken again');
    });
  });
});
