import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import pg from 'pg';
import request from 'supertest';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { COMPANY } from '@limo/contracts/common/company';
import { formatBusinessInstant, notificationsRpc, type Booking, type CustomerBookingView, type OutgoingMessage, type Vehicle } from '@limo/contracts';
import { eventStreamName, eventSubject, redisOptions, RpcClient } from '@limo/messaging';
import { MessageSender } from '../src/delivery/message-sender.js';
import { REMINDERS_QUEUE, reminderJobId } from '../src/reminders/reminder-queue.js';
import { adminAuth } from '../../../tests/support/admin-auth.js';
import { assign, book, signedInDriver } from '../../../tests/support/drivers.js';
import { bookRoundTrip } from '../../../tests/support/round-trips.js';
import { startSmtpInbox, type SmtpInbox } from '../../../tests/support/smtp-inbox.js';
import { eventually } from '../../../tests/support/stack.js';
import { withStack } from '../../../tests/support/fixtures.js';

const DAY = 86_400_000;

describe('customer messages: sent through a real SMTP server, each at most once', () => {
  let inbox: SmtpInbox;
  let db: pg.Client;
  let nc: NatsConnection;
  let reminders: Queue;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  const stack = withStack(
    () => ({
      services: ['fleet', 'booking', 'drivers', 'notifications'],
      env: { SMTP_URL: inbox.url, MESSAGE_RETRY_BASE_MS: '100', MESSAGE_MAX_ATTEMPTS: '3', MESSAGE_SEND_LEASE_MS: '1500' },
    }),
    {
      beforeStop: async () => {
        await reminders?.close();
        await nc?.close();
        await db?.end();
      },
    },
  );
  afterAll(() => inbox?.close());
  beforeAll(async () => {
    db = new pg.Client({ connectionString: stack.env.databaseUrl });
    await db.connect();
    nc = await connect({ servers: stack.env.vars.NATS_URL });
    reminders = new Queue(REMINDERS_QUEUE, { connection: redisOptions(stack.env.vars.REDIS_URL), prefix: `${stack.env.vars.REDIS_PREFIX}:bull` });
  });

  const messagesOf = async (bookingId: number) =>
    (await db.query(`SELECT event_id, channel, kind, status, last_error FROM notifications.outgoing_messages WHERE booking_id = $1`, [bookingId])).rows as {
      event_id: string;
      channel: string;
      kind: string;
      status: string;
      last_error: string | null;
    }[];
  const fleet = async () => (await request(stack.baseUrl).get('/api/vehicles').expect(200)).body as Vehicle[];
  const vehicleNameOf = (list: Vehicle[], id: number) => list.find((v) => v.id === id)!.name;
  const mailsAbout = (booking: Booking, subject: string) => inbox.to(booking.email).filter((m) => m.subject.includes(subject));

  /** Until the consumer has acknowledged everything published so far. */
  const consumerCaughtUp = () =>
    eventually(async () => {
      const info = await (await jetstreamManager(nc)).consumers.info(eventStreamName(stack.env.id), 'notifications-bookings');
      return info.num_pending === 0 && info.num_ack_pending === 0;
    }, 10_000, 'the notifications consumer to catch up');

  /** Until every queued message of the booking is settled (sent or failed): then nothing else can go out. */
  const settled = (bookingId: number) =>
    eventually(async () => (await messagesOf(bookingId)).every((m) => m.status === 'sent' || m.status === 'failed'), 10_000, 'messages to settle');

  /** The booking's events again, as JetStream redelivers them (a fresh Nats-Msg-Id gets past its de-duplication), and until all is settled. */
  async function redeliverEventsOf(bookingId: number): Promise<void> {
    const { rows } = await db.query(`SELECT payload FROM booking.outbox_events WHERE aggregate_id = $1`, [String(bookingId)]);
    const js = jetstream(nc);
    for (const { payload } of rows) await js.publish(eventSubject(stack.env.id, payload.type), JSON.stringify(payload), { msgID: randomUUID() });
    await consumerCaughtUp();
    await settled(bookingId);
  }

  it('sends the booking-received email with the reference, the itemised quote, the LA pickup time and the number to call', async () => {
    const booking = await book(stack, { meetGreet: true }, 3, '14:30');
    const [mail] = await eventually(async () => mailsAbout(booking, 'received').length > 0 && mailsAbout(booking, 'received'));
    expect(mail.subject).toBe(`Booking ${booking.reference} received`);
    const when = formatBusinessInstant(new Date((await db.query(`SELECT pickup_at FROM booking.bookings WHERE id = $1`, [booking.id])).rows[0].pickup_at));
    expect(when).toMatch(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, 2:30 PM P[DS]T$/);
    const lines = booking.price.lines!.map((line) => `$${line.amount}`);
    expect(lines).toEqual(['$90.00', '$25.00']);
    for (const text of [booking.reference, when, ...lines, `$${booking.price.total}`, `service fee $${booking.price.serviceFee}, gratuity $${booking.price.gratuity}`, COMPANY.phone.display]) {
      expect(mail.body).toContain(text);
    }
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);

    // Its link opens the booking on the manage page.
    const token = /\/booking\/manage\?t=([A-Za-z0-9_.-]+)/.exec(mail.body)?.[1];
    expect(token).toBeDefined();
    const opened = await request(stack.baseUrl).post('/api/bookings/lookup').send({ token }).expect(200);
    expect(opened.body.reference).toBe(booking.reference);
  });

  it('confirms once with the chauffeur\'s first name and vehicle; a redelivered event sends nothing twice', async () => {
    const { agent, driver } = await signedInDriver(stack, { firstName: 'Marisol' });
    const booking = await book(stack, {}, 4, '09:00');
    await assign(stack, booking.id, driver.id).expect(200);
    await agent.post(`/api/bookings/${booking.id}/accept`).expect(200);
    const [mail] = await eventually(async () => mailsAbout(booking, 'confirmed').length > 0 && mailsAbout(booking, 'confirmed'));
    const vehicles = (await request(stack.baseUrl).get('/api/vehicles').expect(200)).body as Vehicle[];
    expect(mail.body).toContain('Marisol');
    expect(mail.body).not.toContain(driver.lastName);
    expect(mail.body).toContain(vehicles.find((v) => v.id === booking.vehicleId)!.name);
    expect(mail.body).toMatch(/9:00 AM P[DS]T/);

    await redeliverEventsOf(booking.id);
    expect(mailsAbout(booking, 'received')).toHaveLength(1);
    expect(mailsAbout(booking, 'confirmed')).toHaveLength(1);
    expect((await messagesOf(booking.id)).map((m) => m.kind).sort()).toEqual(['booking-confirmed', 'booking-received']);
  });

  it('names the vehicle, the passenger count and the luggage in the received and the confirmed emails', async () => {
    const { agent, driver } = await signedInDriver(stack, { firstName: 'Tomas' });
    const booking = await book(stack, { vehicleId: 2, passengers: 4, luggage: 5 }, 6, '08:30');
    const vehicle = vehicleNameOf(await fleet(), booking.vehicleId!);
    const [received] = await eventually(async () => mailsAbout(booking, 'received').length > 0 && mailsAbout(booking, 'received'));
    expect(received.body).toMatch(new RegExp(`Vehicle:\\s+${vehicle}`));
    expect(received.body).toMatch(/Passengers:\s+4/);
    expect(received.body).toMatch(/Luggage:\s+5 bags/);
    await assign(stack, booking.id, driver.id).expect(200);
    await agent.post(`/api/bookings/${booking.id}/accept`).expect(200);
    const [confirmed] = await eventually(async () => mailsAbout(booking, 'confirmed').length > 0 && mailsAbout(booking, 'confirmed'));
    expect(confirmed.body).toMatch(new RegExp(`Vehicle:\\s+${vehicle}`));
    expect(confirmed.body).toMatch(/Passengers:\s+4/);
    expect(confirmed.body).toMatch(/Luggage:\s+5 bags/);
  });

  it('tells the customer once what changed when an admin moves a confirmed ride to another vehicle and time; a notes edit tells nothing', async () => {
    const { agent, driver } = await signedInDriver(stack, { firstName: 'Ines' });
    const booking = await book(stack, {}, 7, '09:00');
    await assign(stack, booking.id, driver.id).expect(200);
    await agent.post(`/api/bookings/${booking.id}/accept`).expect(200);
    await eventually(async () => mailsAbout(booking, 'confirmed').length > 0);
    const admin = (changes: object) => request(stack.baseUrl).patch(`/api/bookings/${booking.id}`).set('Authorization', adminAuth(stack)).send(changes);

    await admin({ vehicleId: 2, pickupTime: '10:30' }).expect(200);
    const [mail] = await eventually(async () => mailsAbout(booking, 'updated').length > 0 && mailsAbout(booking, 'updated'));
    const names = await fleet();
    expect(mail.subject).toBe(`Booking ${booking.reference} updated`);
    expect(mail.body).toContain(`${vehicleNameOf(names, 2)} (was ${vehicleNameOf(names, 1)})`);
    expect(mail.body).toMatch(/10:30 AM P[DS]T \(was [^)]*9:00 AM P[DS]T\)/);
    expect(mail.body).toMatch(/Total:\s+\$[\d.]+ \(was \$[\d.]+\)/);

    await admin({ adminNotes: 'VIP, water in the car' }).expect(200);
    await redeliverEventsOf(booking.id);
    expect(mailsAbout(booking, 'updated')).toHaveLength(1);
    expect((await messagesOf(booking.id)).map((m) => m.kind).sort()).toEqual(['booking-confirmed', 'booking-received', 'booking-updated']);
  });

  it("tells a round trip's customer the return's new total once its outbound is cancelled alone, naming the trip and the leg", async () => {
    const trip = await bookRoundTrip(stack);
    const [back, out] = [trip.returnBooking, trip.booking];
    // Both legs' mails go to the one customer: each told apart by its reference.
    const legMails = (leg: Booking, subject: string) => mailsAbout(leg, subject).filter((m) => m.subject.includes(leg.reference));
    await eventually(async () => legMails(back, 'received').length > 0);
    expect(legMails(back, 'received')[0].body).toMatch(new RegExp(`Round trip:\\s+${trip.tripReference}, return leg`));
    await request(stack.baseUrl).patch(`/api/bookings/${out.id}`).set('Authorization', adminAuth(stack)).send({ status: 'cancelled' }).expect(200);

    const [mail] = await eventually(async () => legMails(back, 'updated').length > 0 && legMails(back, 'updated'));
    const view = (await request(stack.baseUrl).post('/api/bookings/lookup').send({ reference: back.reference, contact: back.email }).expect(200)).body as CustomerBookingView;
    expect(view.price.total).not.toBe(back.totalAmount);
    expect(mail.body).toMatch(new RegExp(`Total:\\s+\\$${view.price.total} \\(was \\$${back.totalAmount}\\)`));
    expect(mail.body).toMatch(new RegExp(`Round trip:\\s+${trip.tripReference}, return leg`));
    const [cancelled] = await eventually(async () => legMails(out, 'cancelled').length > 0 && legMails(out, 'cancelled'));
    expect(cancelled.body).toContain(`(the outbound leg of round trip ${trip.tripReference})`);
  });

  it('sends by SMS too when the customer asked for text updates', async () => {
    const booking = await book(stack, { smsUpdates: true }, 3, '11:00');
    await eventually(async () => (await messagesOf(booking.id)).filter((m) => m.status === 'sent').length === 2);
    expect((await messagesOf(booking.id)).map((m) => m.channel).sort()).toEqual(['email', 'sms']);
  });

  it('a sender killed between handing a message over and marking it sent never sends it again, and the admin sees it', async () => {
    const first = stack.services.notifications!;
    // The crash: the provider took the message, and this replica never gets to record it.
    first.app.get(MessageSender).afterSend = () => new Promise(() => {});
    const booking = await book(stack, {}, 5, '16:00');
    await eventually(async () => mailsAbout(booking, 'received').length === 1);
    await stack.stopService('notifications');
    await stack.startService('notifications');

    const [message] = await eventually(async () => {
      const rows = await messagesOf(booking.id);
      return rows[0]?.status === 'failed' && rows;
    });
    expect(message.last_error).toMatch(/may have been delivered/);
    expect(mailsAbout(booking, 'received')).toHaveLength(1);
    const failed = (await request(stack.baseUrl).get('/api/admin/messages/failed').set('Authorization', adminAuth(stack)).expect(200)).body as OutgoingMessage[];
    expect(failed).toEqual(expect.arrayContaining([expect.objectContaining({ reference: booking.reference, kind: 'booking-received', status: 'failed' })]));
    await request(stack.baseUrl).get('/api/admin/messages/failed').expect(401);
  });

  it('lists a failed update message for the admin, and keeps it from a gateway of the previous release (failed.v1), which does not know its kind', async () => {
    const tag = randomUUID().slice(0, 8);
    const bookingId = 1_000_000_000 + Math.floor(Math.random() * 900_000_000);
    await db.query(
      `INSERT INTO notifications.outgoing_messages (id, event_id, channel, kind, booking_id, reference, recipient, subject, body_text, status, last_error)
       VALUES (gen_random_uuid(), $1 || '-u', 'email', 'booking-updated', $2, 'LX-KINDS', 'kinds@example.com', 'Updated', 'Hello', 'failed', 'refused'),
              (gen_random_uuid(), $1 || '-r', 'email', 'booking-received', $2, 'LX-KINDS', 'kinds@example.com', 'Received', 'Hello', 'failed', 'refused')`,
      [tag, bookingId],
    );
    const ofThisTest = (list: OutgoingMessage[]) => list.filter((m) => m.bookingId === bookingId).map((m) => m.kind).sort();
    const current = (await request(stack.baseUrl).get('/api/admin/messages/failed').set('Authorization', adminAuth(stack)).expect(200)).body as OutgoingMessage[];
    expect(ofThisTest(current)).toEqual(['booking-received', 'booking-updated']);
    const rpc = new RpcClient(nc, { prefix: stack.env.id, timeoutMs: 10_000 });
    expect(ofThisTest(await rpc.request(notificationsRpc.failedMessagesV1, { limit: 500 }))).toEqual(['booking-received']);
  });

  it('a sender stopped mid-send leaves only the message it was sending in doubt: the others due with it go out from the next replica', async () => {
    // Three messages due at once (a burst, or what piled up while the senders were down).
    const tag = randomUUID().slice(0, 8);
    const bookingId = 1_000_000_000 + Math.floor(Math.random() * 900_000_000);
    await db.query(
      `INSERT INTO notifications.outgoing_messages (id, event_id, channel, kind, booking_id, reference, recipient, subject, body_text)
       SELECT gen_random_uuid(), $1 || '-' || n, 'email', 'booking-received', $2, 'LX-BURST', 'burst-' || $1 || '-' || n || '@example.com', 'Burst ' || n, 'Hello'
         FROM generate_series(1, 3) AS n`,
      [tag, bookingId],
    );
    let inFlight: string | undefined;
    // The stop comes while the first message is with the mail server, before its answer is recorded.
    stack.services.notifications!.app.get(MessageSender).afterSend = (message) => {
      inFlight = message.recipient;
      return new Promise(() => {});
    };
    await eventually(async () => inFlight, 10_000, 'a message to be handed over');
    await stack.stopService('notifications');
    await stack.startService('notifications');

    await settled(bookingId);
    const { rows } = await db.query(`SELECT recipient, status, last_error FROM notifications.outgoing_messages WHERE booking_id = $1`, [bookingId]);
    expect(rows.filter((m) => m.status === 'failed')).toEqual([expect.objectContaining({ recipient: inFlight, last_error: expect.stringMatching(/may have been delivered/) })]);
    expect(rows.filter((m) => m.status === 'sent')).toHaveLength(2);
    for (const { recipient } of rows) expect(inbox.to(recipient)).toHaveLength(1);
  });

  it('retries a message the mail server refuses, then marks it failed for the admin', async () => {
    const email = `refused-${randomUUID().slice(0, 8)}@example.com`;
    inbox.rejecting.add(email);
    const booking = await book(stack, { email }, 3, '12:00');
    const failed = await eventually(async () => {
      const res = await request(stack.baseUrl).get('/api/admin/messages/failed').set('Authorization', adminAuth(stack)).expect(200);
      return (res.body as OutgoingMessage[]).find((m) => m.reference === booking.reference);
    });
    expect(failed).toMatchObject({ attempts: 3, channel: 'email', recipient: email });
    expect(failed.lastError).toMatch(/550/);
    expect(inbox.to(email)).toHaveLength(0);
  });

  it('schedules the reminder 24 hours before pickup and moves it when the pickup is edited', async () => {
    const booking = await book(stack, {}, 5, '10:00');
    const pickupAt = new Date((await db.query(`SELECT pickup_at FROM booking.bookings WHERE id = $1`, [booking.id])).rows[0].pickup_at);
    const job = await eventually(async () => reminders.getJob(reminderJobId(booking.id)));
    expect(await job.getState()).toBe('delayed');
    expect(job.timestamp + (job.opts.delay ?? 0)).toBeCloseTo(pickupAt.getTime() - DAY, -4);

    // The booking service has no pickup edit yet: its `updated` event with a new pickup is what one would send.
    const { rows } = await db.query(`SELECT payload FROM booking.outbox_events WHERE aggregate_id = $1 ORDER BY seq DESC LIMIT 1`, [String(booking.id)]);
    const latest = rows[0].payload;
    const moved = new Date(pickupAt.getTime() + DAY);
    const edit = {
      ...latest,
      eventId: randomUUID(),
      type: 'booking.booking.updated.v1',
      data: { booking: { ...latest.data.booking, version: latest.data.booking.version + 1, pickupAt: moved.toISOString() } },
    };
    await jetstream(nc).publish(eventSubject(stack.env.id, edit.type), JSON.stringify(edit), { msgID: edit.eventId });
    const movedJob = await eventually(async () => {
      const j = await reminders.getJob(reminderJobId(booking.id));
      return j?.data.pickupAt === moved.toISOString() && j;
    });
    expect(movedJob.timestamp + (movedJob.opts.delay ?? 0)).toBeCloseTo(moved.getTime() - DAY, -4);
  });

  it('sends nothing for an event from long ago (history replayed to a new consumer), yet keeps the booking', async () => {
    const booking = await book(stack, {}, 6, '13:00');
    await eventually(async () => (await messagesOf(booking.id)).length > 0);
    const { rows } = await db.query(`SELECT payload FROM booking.outbox_events WHERE aggregate_id = $1 ORDER BY seq LIMIT 1`, [String(booking.id)]);
    const old = { ...rows[0].payload, eventId: randomUUID(), occurredAt: new Date(Date.now() - 2 * DAY).toISOString() };
    old.data = { booking: { ...old.data.booking, id: 2_000_000_000, reference: 'LX-OLD01', version: 1 } };
    await jetstream(nc).publish(eventSubject(stack.env.id, old.type), JSON.stringify(old), { msgID: old.eventId });
    await consumerCaughtUp();
    expect((await db.query(`SELECT 1 FROM notifications.customer_bookings WHERE booking_id = 2000000000`)).rowCount).toBe(1);
    expect(await messagesOf(2_000_000_000)).toEqual([]);
  });

  it('removes the reminder when the booking is cancelled, and tells the customer', async () => {
    const booking = await book(stack, {}, 6, '10:00');
    await eventually(async () => reminders.getJob(reminderJobId(booking.id)));
    await request(stack.baseUrl).patch(`/api/bookings/${booking.id}`).set('Authorization', adminAuth(stack)).send({ status: 'cancelled' }).expect(200);
    await eventually(async () => (await reminders.getJob(reminderJobId(booking.id))) === undefined, 10_000, 'the reminder to be removed');
    const [mail] = await eventually(async () => mailsAbout(booking, 'cancelled').length > 0 && mailsAbout(booking, 'cancelled'));
    expect(mail.body).toContain(booking.reference);
  });
});
