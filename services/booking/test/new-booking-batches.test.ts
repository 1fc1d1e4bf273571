import pg from 'pg';
import { addDays, BookingRequest, businessToday, type BookingRequestInput } from '@limo/contracts';
import { newBooking } from '../src/bookings/create-booking/new-booking.js';
import { columnOf } from '../src/bookings/create-booking/new-booking.store.js';
import { Prisma } from '../src/generated/prisma/client.js';
import { randomReference, REFERENCE_GENERATOR, type ReferenceSource } from '../src/bookings/booking-reference.js';
import { newBookingData } from '../src/bookings/booking-rules.js';
import { CreateBooking } from '../src/bookings/create-booking/create-booking.use-case.js';
import { NewBookingWriter } from '../src/bookings/create-booking/new-booking-writer.js';
import { HoldClock, HoldsTooOld, STORE_HOLDS_WITHIN_MS } from '../src/benefits/hold-age.js';
import { Outbox } from '@limo/service-runtime';
import { toBooking } from '../src/rides/booking.mapper.js';
import { RidesRepository } from '../src/rides/rides.repository.js';
import { QuoteRides } from '../src/rates/quote-rides/quote-rides.use-case.js';

let seq = 0;
import { withStack } from '../../../tests/support/fixtures.js';
/** A valid booking request, each with its own customer. */
function ride(overrides: Partial<BookingRequestInput> = {}) {
  seq += 1;
  return BookingRequest.parse({
    tripType: 'one-way',
    pickupDate: addDays(businessToday(), 2),
    pickupTime: '10:00',
    pickupLocation: 'Los Angeles International Airport (LAX), 1 World Way, Los Angeles, CA 90045',
    dropoffLocation: 'The Beverly Hills Hotel, 9641 Sunset Blvd, Beverly Hills, CA 90210',
    vehicleId: 1,
    firstName: 'Grace',
    lastName: `Hopper${seq}`,
    email: `grace${seq}.${Date.now()}@example.com`,
    phone: '(310) 555-0100',
    paymentMethod: 'phone-card',
    ...overrides,
  });
}

/**
 * Bookings that reach the service together are written by one statement (NewBookingWriter): the
 * use case is called several times in one turn of the event loop, as NATS hands the service the
 * requests of one read, and each answer is checked against what was stored.
 */
describe('new bookings written together', () => {
  let db: pg.Client;
  const stack = withStack({ services: ['fleet', 'booking'] }, { beforeStop: () => db?.end() });
  let create: CreateBooking;
  let references: ReferenceSource;

  beforeAll(async () => {
    db = new pg.Client({ connectionString: stack.env.databaseUrl, options: '-c search_path=booking' });
    await db.connect();
    create = stack.services.booking!.app.get(CreateBooking, { strict: false });
    references = stack.services.booking!.app.get<ReferenceSource>(REFERENCE_GENERATOR, { strict: false });
  });

  const stored = async (ids: number[]) =>
    (
      await db.query(
        `SELECT b.id, b.reference, b.last_name, b.xmin::text AS tx,
           (SELECT count(*)::int FROM booking_timeline t WHERE t.booking_id = b.id) AS timeline,
           (SELECT array_agg(e.payload ORDER BY e.seq) FROM outbox_events e WHERE e.aggregate_id = b.id::text) AS events
         FROM bookings b WHERE b.id = ANY($1) ORDER BY b.id`,
        [ids],
      )
    ).rows as { id: number; reference: string; last_name: string; tx: string; timeline: number; events: { data: { booking: { id: number; reference: string } } }[] }[];

  it('stores those that arrive together in one transaction, each with its own id, timeline entry and event', async () => {
    const requests = Array.from({ length: 8 }, () => ride());
    const answers = await Promise.all(requests.map((request, i) => create.execute({ request, idempotencyKey: i % 2 ? `together-${seq}-${i}` : undefined })));
    const ids = answers.map((a) => a.booking.id);
    expect(new Set(ids).size).toBe(8);
    const rows = await stored(ids);
    expect(rows).toHaveLength(8);
    // One statement: every row has the same inserting transaction.
    expect(new Set(rows.map((r) => r.tx)).size).toBe(1);
    for (const answer of answers) {
      const row = rows.find((r) => r.id === answer.booking.id)!;
      expect(answer.replayed).toBe(false);
      expect(row).toMatchObject({ reference: answer.booking.reference, last_name: answer.booking.lastName, timeline: 1 });
      expect(row.events).toHaveLength(1);
      expect(row.events[0].data.booking).toMatchObject({ id: answer.booking.id, reference: answer.booking.reference });
    }
    // The events are in the order the bookings arrived.
    const order = (await db.query(`SELECT aggregate_id FROM outbox_events WHERE aggregate_id = ANY($1) ORDER BY seq`, [ids.map(String)])).rows;
    expect(order.map((r) => Number(r.aggregate_id))).toEqual(ids);
  });

  it('creates one booking for two requests with the same Idempotency-Key in the same batch, and answers both with it', async () => {
    const request = ride();
    const key = `twice-${seq}`;
    const [first, second] = await Promise.all([create.execute({ request, idempotencyKey: key }), create.execute({ request, idempotencyKey: key })]);
    expect(second.booking).toEqual(first.booking);
    expect([first.replayed, second.replayed].sort()).toEqual([false, true]);
    const rows = (await db.query(`SELECT id FROM bookings WHERE email = $1`, [request.email])).rows;
    expect(rows).toEqual([{ id: first.booking.id }]);
    expect((await stored([first.booking.id]))[0].events).toHaveLength(1);
  });

  it('gives a key claimed twice in one batch to the request that arrived first, whatever the keys around it', async () => {
    // Ten batches of 42: the pair first and last, keys that sort before and after theirs between,
    // so the claims' sort (Postgres's quicksort is not stable) has ties to break.
    for (let round = 0; round < 10; round++) {
      const key = `m-${seq}-${round}`;
      const first = ride();
      const second = ride();
      const a = create.execute({ request: first, idempotencyKey: key });
      const others = Array.from({ length: 40 }, (_, i) => create.execute({ request: ride(), idempotencyKey: `${i % 2 ? 'a' : 'z'}-${seq}-${round}-${i}` }));
      const b = create.execute({ request: second, idempotencyKey: key });
      const [won, lost] = await Promise.allSettled([a, b]);
      await Promise.all(others);
      expect(won).toMatchObject({ status: 'fulfilled', value: { replayed: false, booking: { lastName: first.lastName } } });
      expect(lost).toMatchObject({ status: 'rejected', reason: { status: 422 } });
    }
  });

  it('keeps one booking\'s taken reference its own: the others of its batch are stored together, and it retries with a new one', async () => {
    const taken = (await create.execute({ request: ride() })).booking.reference;
    const original = references.next;
    // The third booking of the batch draws the taken reference first.
    const drawn = ['LX-BAT22', 'LX-BAT23', taken, 'LX-BAT24', 'LX-BAT25'];
    references.next = () => drawn.shift() ?? original();
    try {
      const requests = Array.from({ length: 4 }, () => ride());
      const answers = await Promise.all(requests.map((request) => create.execute({ request })));
      expect(answers.map((a) => a.booking.reference)).toEqual(['LX-BAT22', 'LX-BAT23', 'LX-BAT25', 'LX-BAT24']);
      const rows = await stored(answers.map((a) => a.booking.id));
      expect(rows.map((r) => r.reference).sort()).toEqual(['LX-BAT22', 'LX-BAT23', 'LX-BAT24', 'LX-BAT25']);
      // The taken reference did not fail the statement: the other three are in its one transaction.
      const together = rows.filter((r) => r.reference !== 'LX-BAT25');
      expect(new Set(together.map((r) => r.tx)).size).toBe(1);
      for (const row of rows) expect(row.events).toHaveLength(1);
      expect(Number((await db.query(`SELECT count(*) FROM bookings WHERE reference = $1`, [taken])).rows[0].count)).toBe(1);
    } finally {
      references.next = original;
    }
  });

  it('keeps a value Postgres cannot read to its own booking: the others of the batch are stored', async () => {
    // The contracts refuse half of a surrogate pair (400) before a booking gets here; written
    // directly, it stands for any value that fails the statement.
    const writer = stack.services.booking!.app.get(NewBookingWriter, { strict: false });
    const quotes = stack.services.booking!.app.get(QuoteRides, { strict: false });
    const input = async (lastName?: string) => {
      const request = ride();
      const { quote, rateVersion } = await quotes.execute(request, new Date());
      const data = newBookingData(request, randomReference(), quote, rateVersion);
      return newBooking(lastName ? { ...data, lastName } : data);
    };
    const inputs = [await input(), await input('Lee\ud800'), await input()];
    const results = await Promise.allSettled(inputs.map((i) => writer.write(i)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const ids = results.flatMap((r) => (r.status === 'fulfilled' && r.value ? [r.value.id] : []));
    const rows = await stored(ids);
    expect(rows.map((r) => r.last_name)).toEqual([inputs[0].booking.lastName, inputs[2].booking.lastName]);
    for (const row of rows) expect(row.events).toHaveLength(1);
    expect(Number((await db.query(`SELECT count(*) FROM bookings WHERE last_name LIKE 'Lee%'`)).rows[0].count)).toBe(0);
  });

  it("writes bookings that hold something apart, each in its own time: a batch cancelled at its earliest holds' deadline stores the others of it alone, a guest's booking beside them is not cancelled, and no connection keeps the timeout", async () => {
    const app = stack.services.booking!.app;
    const writer = app.get(NewBookingWriter, { strict: false });
    const quotes = app.get(QuoteRides, { strict: false });
    const clock = app.get(HoldClock, { strict: false });
    const input = async () => {
      const request = ride();
      const { quote, rateVersion } = await quotes.execute(request, new Date());
      return newBooking(newBookingData(request, randomReference(), quote, rateVersion));
    };
    const [late, fresh, guest] = [await input(), await input(), await input()];
    const locker = new pg.Client({ connectionString: stack.env.databaseUrl });
    await locker.connect();
    try {
      // Every insert into bookings waits until this transaction ends, as behind a stalled database.
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE booking.bookings IN SHARE MODE');
      // One turn of the event loop: holds taken 1.5 s before their time is up, holds just taken, none.
      const now = clock.now();
      const written = [writer.write(late, now - STORE_HOLDS_WITHIN_MS + 1_500), writer.write(fresh, now), writer.write(guest)].map((p) => p.then((b) => b?.reference, (e: unknown) => e));
      // The late one's statement is cancelled at its time, the fresh one's with it (same batch), and tried again alone.
      await expect(written[0]).resolves.toBeInstanceOf(HoldsTooOld);
      await locker.query('ROLLBACK');
      await expect(Promise.all(written.slice(1))).resolves.toEqual([fresh.booking.reference, guest.booking.reference]);
      const rows = await db.query(`SELECT reference FROM bookings WHERE reference = ANY($1) ORDER BY reference`, [[late.booking.reference, fresh.booking.reference, guest.booking.reference]]);
      expect(rows.rows.map((r) => r.reference).sort()).toEqual([fresh.booking.reference, guest.booking.reference].sort());
      // Every idle connection of the service's pool is back to the server's default timeout.
      const timeouts = await app.get(Outbox, { strict: false }).statement(async (pool) => {
        const clients = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
        try {
          return await Promise.all(clients.map(async (c) => (await c.query('SHOW statement_timeout')).rows[0].statement_timeout as string));
        } finally {
          clients.forEach((c) => c.release());
        }
      });
      expect(timeouts.length).toBeGreaterThan(0);
      expect(new Set(timeouts)).toEqual(new Set(['0']));
    } finally {
      await locker.end();
    }
  });

  it('reads and writes each Booking field of the Prisma schema in the column the store names for it', async () => {
    const columns = (await db.query(`SELECT column_name FROM information_schema.columns WHERE table_schema = 'booking' AND table_name = 'bookings'`)).rows.map((r) => r.column_name);
    const fields = Object.values(Prisma.BookingScalarFieldEnum);
    expect(fields.length).toBeGreaterThan(40);
    expect(fields.filter((field) => !columns.includes(columnOf(field)))).toEqual([]);
  });

  it('answers with the booking exactly as it reads back once stored', async () => {
    const { booking } = await create.execute({ request: ride({ waypoints: ['Union Station, Los Angeles'], specialRequests: 'Water, please', passengers: 2, meetGreet: true, childSeats: true }) });
    const row = await stack.services.booking!.app.get(RidesRepository, { strict: false }).find(booking.id);
    expect(toBooking(row!)).toEqual(booking);
  });
});
