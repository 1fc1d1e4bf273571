import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import pg from 'pg';
import type { Booking, BookingSnapshot } from '@limo/contracts';
import { redisOptions } from '@limo/messaging';
import { DATABASE } from '@limo/service-runtime';
import type { PrismaClient } from '../src/generated/prisma/client.js';
import { NotifyCustomer } from '../src/bookings/notify-customer.use-case.js';
import { ReconcileReminders } from '../src/reminders/reconcile-reminders.use-case.js';
import { REMINDERS_QUEUE, reminderJobId, type ReminderJob } from '../src/reminders/reminder-queue.js';
import { ReminderSchedule } from '../src/reminders/reminder-schedule.js';
import { book } from '../../../tests/support/drivers.js';
import { startPrivateRedis, type PrivateRedis } from '../../../tests/support/private-redis.js';
import { startSmtpInbox, type SmtpInbox } from '../../../tests/support/smtp-inbox.js';
import { eventually } from '../../../tests/support/stack.js';
import { withStack } from '../../../tests/support/fixtures.js';

const DAY = 86_400_000;

describe('pickup reminders: owed by the booking, whatever happens to their jobs', () => {
  let inbox: SmtpInbox;
  let redis: PrivateRedis;
  let db: pg.Client;
  let reminders: Queue<ReminderJob>;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    redis = await startPrivateRedis();
  }, 60_000);
  const stack = withStack(
    () => ({
      services: ['fleet', 'booking', 'notifications'],
      env: { REDIS_URL: redis.url, SMTP_URL: inbox.url, REMINDER_RECONCILE_SECONDS: '1' },
    }),
    {
      beforeStop: async () => {
        await reminders?.close();
        await db?.end();
      },
    },
  );
  afterAll(async () => {
    await redis?.stop();
    await inbox?.close();
  });
  beforeAll(async () => {
    db = new pg.Client({ connectionString: stack.env.databaseUrl });
    await db.connect();
    reminders = new Queue(REMINDERS_QUEUE, { connection: { ...redisOptions(redis.url), maxRetriesPerRequest: null }, prefix: `${stack.env.vars.REDIS_PREFIX}:bull` });
  }, 60_000);

  const notifications = () => stack.services.notifications!.app;
  const reminderMails = (booking: Booking) => inbox.to(booking.email).filter((m) => m.subject.startsWith('Reminder'));
  const jobOf = (bookingId: number) => reminders.getJob(reminderJobId(bookingId));
  const pickupOf = async (bookingId: number) => (await eventually(() => jobOf(bookingId), 10_000, 'the reminder job'))!.data.pickupAt;
  /** Whether some statement of the test's database waits for a row lock (the one the test holds). */
  const someoneWaitsForALock = async () =>
    (await db.query(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)).rows.length > 0;

  it('gives pending reminders their job back after Redis restarts empty, and never a second reminder for one already sent', async () => {
    const waiting = await book(stack, {}, 5, '10:00');
    const sent = await book(stack, {}, 5, '11:00');
    const pickupAt = await pickupOf(waiting.id);
    await pickupOf(sent.id);
    await (await jobOf(sent.id))!.promote();
    await eventually(async () => reminderMails(sent).length === 1, 10_000, 'the promoted reminder to be sent');

    await redis.restart({ crash: true, downMs: 500 });
    const restored = await eventually(async () => (await jobOf(waiting.id)) ?? false, 20_000, 'the reminder job to be restored');
    expect(restored.data.pickupAt).toBe(pickupAt);
    expect(await restored.getState()).toBe('delayed');
    expect(restored.timestamp + (restored.opts.delay ?? 0)).toBeCloseTo(Date.parse(pickupAt) - DAY, -4);

    // A whole round more, awaited here: the reminder already queued gets no job back, nor a second message.
    await notifications().get(ReconcileReminders).execute();
    expect(await jobOf(sent.id)).toBeUndefined();
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM notifications.outgoing_messages WHERE booking_id = $1 AND kind = 'pickup-reminder'`, [sent.id]);
    expect(rows[0].n).toBe(1);
    expect(reminderMails(sent)).toHaveLength(1);
  }, 60_000);

  it('sends nothing for the old time when the ride moves while its reminder runs, and schedules the new one', async () => {
    const booking = await book(stack, {}, 5, '09:00');
    const oldPickup = await pickupOf(booking.id);
    const newPickup = new Date(Date.parse(oldPickup) + DAY).toISOString();
    const newDue = new Date(Date.parse(newPickup) - DAY);

    // The move, as its event's transaction writes it; the transaction stays open (row locked) for now.
    const move = new pg.Client({ connectionString: stack.env.databaseUrl });
    await move.connect();
    try {
      await move.query('BEGIN');
      await move.query(
        `UPDATE notifications.customer_bookings
            SET version = version + 1, pickup_at = $2::timestamptz, reminder_due_at = $3::timestamptz, snapshot = jsonb_set(snapshot, '{pickupAt}', to_jsonb($4::text)), updated_at = now()
          WHERE booking_id = $1`,
        [booking.id, newPickup, newDue.toISOString(), newPickup],
      );
      // The reminder fires meanwhile, and its job is running when the move comes to replace it.
      await (await jobOf(booking.id))!.promote();
      // Running and held by the move's row lock (a job that did not wait for it is done and gone).
      await eventually(async () => {
        const state = await (await jobOf(booking.id))?.getState();
        return state === undefined || (state === 'active' && (await someoneWaitsForALock()));
      }, 10_000, 'the reminder job to run');
      await notifications().get(ReminderSchedule).sync(booking.id, { pickupAt: newPickup, dueAt: newDue });
      await move.query('COMMIT');
    } finally {
      await move.end();
    }

    const job = await eventually(async () => {
      const j = await jobOf(booking.id);
      return j?.data.pickupAt === newPickup && j;
    }, 20_000, 'the reminder job for the new pickup');
    expect(await job.getState()).toBe('delayed');
    expect(job.timestamp + (job.opts.delay ?? 0)).toBeCloseTo(newDue.getTime(), -4);
    const { rows } = await db.query(`SELECT event_id FROM notifications.outgoing_messages WHERE booking_id = $1 AND kind = 'pickup-reminder'`, [booking.id]);
    expect(rows).toEqual([]);
  }, 60_000);

  it('keeps the newer snapshot when an older event of a new booking is applied at the same time on another replica', async () => {
    const source = await book(stack, {}, 6, '12:00');
    const { rows: events } = await db.query(`SELECT payload FROM booking.outbox_events WHERE aggregate_id = $1 ORDER BY seq LIMIT 1`, [String(source.id)]);
    const created = events[0].payload.data.booking as BookingSnapshot;
    const id = 1_000_000_000 + Math.floor(Math.random() * 900_000_000);
    const older: BookingSnapshot = { ...created, id, version: 1 };
    const newer: BookingSnapshot = { ...created, id, version: 2, pickupAt: new Date(Date.parse(created.pickupAt!) + DAY).toISOString() };

    // Another replica has written the newer version of this booking, not committed yet.
    const other = new pg.Client({ connectionString: stack.env.databaseUrl });
    await other.connect();
    let applying: Promise<void> | undefined;
    try {
      await other.query('BEGIN');
      await other.query(
        `INSERT INTO notifications.customer_bookings (booking_id, version, status, pickup_at, snapshot, updated_at) VALUES ($1, 2, $2, $3, $4, now())`,
        [id, newer.status, newer.pickupAt, JSON.stringify(newer)],
      );
      const prisma = notifications().get<PrismaClient>(DATABASE);
      applying = prisma.$transaction((tx) => notifications().get(NotifyCustomer).track({ eventId: randomUUID(), occurredAt: new Date().toISOString(), booking: older, tx }), {
        timeout: 20_000,
      });
      applying.catch(() => {});
      await eventually(someoneWaitsForALock, 10_000, 'the older event to wait for the newer one');
      await other.query('COMMIT');
    } finally {
      await other.end();
    }
    await applying;

    const { rows } = await db.query(`SELECT version, pickup_at, snapshot FROM notifications.customer_bookings WHERE booking_id = $1`, [id]);
    expect(rows).toEqual([{ version: 2, pickup_at: new Date(newer.pickupAt!), snapshot: newer }]);
  }, 60_000);
});
