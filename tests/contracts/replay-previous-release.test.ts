import { connect } from '@nats-io/transport-node';
import request from 'supertest';
import { eventByType, toCents, type Booking } from '@limo/contracts';
import { consumerLags, deadLetterCount, listDeadLetters } from '@limo/messaging';
import { adminAuth } from '../support/admin-auth.js';
import { registerDriver } from '../support/drivers.js';
import { eventually } from '../support/stack.js';
import { withStack } from '../support/fixtures.js';
import { TEST_SERVERS } from '../support/test-env.js';
import { publishEvents, readRecordedRelease } from './release-events.js';

/**
 * The events a previous release wrote (recorded by `npm run contracts:record`) are fed to this
 * release's consumers, as happens during a rollout or when a consumer re-reads the stream: each
 * consumer must apply every one of them (none dead-lettered, none left pending) with the effect
 * the recording implies.
 */
describe('events recorded from the previous release', () => {
  const release = readRecordedRelease();
  const stack = withStack();
  beforeAll(async () => {
    // The same drivers as the recording had, so the rides' driver ids name drivers that exist.
    for (let i = 0; i < release.driversRegistered; i++) await registerDriver(stack, 'Replayed');
  }, 90_000);

  it('are all of types this release still knows', () => {
    expect(release.events.filter((e) => !eventByType.has(e.type)).map((e) => e.type)).toEqual([]);
  });

  it('are each applied by every consumer, none dead-lettered, with the effects they describe', async () => {
    await publishEvents(stack.env.id, release.events);
    const nc = await connect({ servers: TEST_SERVERS.nats });
    try {
      await eventually(async () => {
        const lags = await consumerLags(nc, stack.env.id);
        return lags.length >= 6 && lags.every((l) => l.pending === 0);
      }, 30_000, 'every durable consumer to apply the recorded events');
      expect(await listDeadLetters(nc, stack.env.id, 10)).toEqual([]);
      expect(await deadLetterCount(nc, stack.env.id)).toBe(0);
    } finally {
      await nc.close();
    }

    // The newest snapshot of each recorded booking, as the projections should now hold it.
    const latest = new Map<number, Booking>();
    for (const event of release.events) {
      const booking = (event.data as { booking?: Booking }).booking;
      if (booking && (latest.get(booking.id)?.version ?? 0) < booking.version) latest.set(booking.id, booking);
    }
    const completed = [...latest.values()].filter((b) => b.status === 'completed');
    expect(completed.length).toBeGreaterThan(0);
    const stats = await request(stack.baseUrl).get('/api/admin/stats').set('Authorization', adminAuth(stack)).expect(200);
    expect(stats.body).toMatchObject({
      totalBookings: latest.size,
      completedBookings: completed.length,
      pendingRequests: [...latest.values()].filter((b) => b.status === 'pending').length,
    });
    expect(toCents(stats.body.totalRevenue)).toBe(completed.reduce((sum, b) => sum + toCents(b.totalAmount), 0));

    const drivers = (await request(stack.baseUrl).get('/api/drivers').set('Authorization', adminAuth(stack)).expect(200)).body as { id: number; totalRides: number; totalEarnings: string }[];
    for (const driverId of new Set(completed.map((b) => b.driverId))) {
      const rides = completed.filter((b) => b.driverId === driverId);
      expect(drivers.find((d) => d.id === driverId)).toMatchObject({ totalRides: rides.length });
      expect(toCents(drivers.find((d) => d.id === driverId)!.totalEarnings)).toBe(rides.reduce((sum, b) => sum + toCents(b.driverEarnings!), 0));
    }
  }, 60_000);
});
