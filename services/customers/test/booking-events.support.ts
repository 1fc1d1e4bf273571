import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { bookingEvents, type BookingSnapshot, type BookingStatus, type EventContract, type EventDataOf } from '@limo/contracts';
import { eventStreamName, eventSubject, RpcClient } from '@limo/messaging';
import { withStack } from '../../../tests/support/fixtures.js';
import { eventually } from '../../../tests/support/stack.js';

const AIRPORT = 'LAX - Los Angeles International Airport';
export const HOTEL = 'Santa Monica Pier, 200 Santa Monica Pier, Santa Monica, CA 90401';

/**
 * The customers service on a test stack (alone, or with the booking and fleet services where a
 * test books for real), with an RPC client, a database client (to read what it
 * stored, or set up what other slices make) and synthetic booking events.
 */
export function withCustomersStack(services: ('customers' | 'booking' | 'fleet')[] = ['customers']) {
  let nc: NatsConnection | undefined;
  let db: pg.Client | undefined;
  let rpc: RpcClient | undefined;
  const stack = withStack({ services }, { beforeStop: async () => { await nc?.close(); await db?.end(); } });
  beforeAll(async () => {
    nc = await connect({ servers: stack.env.vars.NATS_URL });
    rpc = new RpcClient(nc, { prefix: stack.env.id });
    db = new pg.Client({ connectionString: stack.env.databaseUrl });
    await db.connect();
  });
  return { stack, rpc: () => rpc!, db: () => db!, ...syntheticBookings(() => nc!, () => stack.env.id) };
}

/**
 * Synthetic booking events for the customers service's tests: bookings as the events carry them,
 * their next versions, and publishing straight onto the stream as the booking service's relay
 * would, then waiting for the customers consumer to catch up.
 */
function syntheticBookings(nats: () => NatsConnection, envId: () => string) {
  // Far above the ids of bookings a test stores for real through the booking service, on the same stack.
  let lastId = 1_000_000;
  let lastEmail = 0;
  /** A second later at each change, all on Nov 20 2026 (so a reward's expiry reads as May 20 2027). */
  let clock = 0;

  const newEmail = (name = 'flyer') => `${name}-${++lastEmail}-${Date.now()}@example.com`;

  /** A booking as its events carry it: a one-way ride from LAX, pending, version 1. */
  const aBooking = (email: string, overrides: Partial<BookingSnapshot> = {}): BookingSnapshot => {
    const id = ++lastId;
    return {
      id,
      reference: `LX-${String(id).padStart(5, '0')}`,
      version: 1,
      tripType: 'one-way',
      status: 'pending',
      pickupDate: '2026-11-20',
      pickupTime: '10:00',
      pickupLocation: AIRPORT,
      dropoffLocation: HOTEL,
      duration: null,
      vehicleId: 1,
      driverId: null,
      firstName: 'Riley',
      lastName: 'Rider',
      email,
      phone: '3105559876',
      totalAmount: '120.00',
      createdAt: '2026-11-01T10:00:00.000Z',
      updatedAt: '2026-11-01T10:00:00.000Z',
      completedAt: null,
      ...overrides,
    };
  };

  /** The booking's next version, in another status. */
  const moved = (booking: BookingSnapshot, status: BookingStatus): BookingSnapshot => {
    const at = new Date(Date.UTC(2026, 10, 20, 0, 0, ++clock)).toISOString();
    return { ...booking, version: booking.version + 1, status, updatedAt: at, completedAt: status === 'completed' ? at : null };
  };

  const envelope = <C extends EventContract>(contract: C, aggregate: number, data: EventDataOf<C>) => ({
    eventId: randomUUID(),
    type: contract.type,
    occurredAt: new Date().toISOString(),
    aggregateId: String(aggregate),
    data,
  });
  const created = (booking: BookingSnapshot) => envelope(bookingEvents.created, booking.id, { booking });
  const statusChange = (booking: BookingSnapshot, previousStatus: BookingStatus = 'confirmed') =>
    envelope(bookingEvents.statusChanged, booking.id, { booking, previousStatus, status: booking.status });

  const caughtUp = () =>
    eventually(async () => {
      const info = await (await jetstreamManager(nats())).consumers.info(eventStreamName(envId()), 'customers-bookings').catch(() => undefined);
      return info && info.num_pending === 0 && info.num_ack_pending === 0;
    }, 15_000, 'the customers consumer to catch up');

  /** Publishes as JetStream would deliver (a fresh message id gets past its de-duplication, as a republish would). */
  const publish = async (...events: { eventId: string; type: string }[]) => {
    const js = jetstream(nats());
    for (const event of events) await js.publish(eventSubject(envId(), event.type), JSON.stringify(event), { msgID: randomUUID() });
    await caughtUp();
  };

  return { newEmail, aBooking, moved, envelope, created, statusChange, publish };
}
