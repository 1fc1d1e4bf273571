import request from 'supertest';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { book } from '../../tests/support/drivers.js';
import { startPrivateNats, type PrivateNats } from '../../tests/support/private-nats.js';
import { SseClient } from '../../tests/support/sse.js';
import { eventually } from '../../tests/support/stack.js';
import { withStack } from '../../tests/support/fixtures.js';

/**
 * The live boards when NATS restarts under them (its own nats-server; the stream is on disk and
 * survives, the consumers do not): an open board goes on receiving, or its stream ends so that
 * its browser reconnects with Last-Event-ID; it never waits for ever on a reader that is gone.
 */
describe('live boards across a NATS restart', () => {
  let nats: PrivateNats;
  const boards: SseClient[] = [];

  beforeAll(async () => {
    nats = await startPrivateNats();
  });
  const stack = withStack(() => ({ services: ['fleet', 'booking', 'drivers'], env: { NATS_URL: nats.url } }), {
    beforeStop: () => Promise.all(boards.map((b) => b.close())),
  });
  afterAll(() => nats?.stop());

  const open = async (lastEventId?: string) => {
    const board = await new SseClient(`${stack.baseUrl}/api/admin/stream`, { Authorization: adminAuth(stack), ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}) }).open();
    boards.push(board);
    return board;
  };

  it('keeps an open board receiving, or ends it for a reconnection that misses nothing', async () => {
    const board = await open();
    const first = await eventually(async () => {
      const ride = await book(stack, { vehicleId: 1 }, 5, '09:00');
      return (await board.waitFor((u) => u.bookingId === ride.id, 1000).catch(() => undefined)) && ride;
    }, 10_000, 'the board to read the stream');
    const seen = board.updates().find((u) => u.bookingId === first.id)!;

    await nats.restart({ downMs: 500 });
    const after = await eventually(() => book(stack, { vehicleId: 2 }, 6, '09:00').catch(() => undefined), 30_000, 'a booking once NATS is back');
    const outcome = await board.waitForOrEnd((u) => u.bookingId === after.id, 45_000);
    if (outcome === 'ended') {
      const again = await open(seen.id);
      await again.waitFor((u) => u.bookingId === after.id, 10_000);
    }
    // A board opened now gets what follows.
    const fresh = await open();
    const later = await eventually(async () => {
      const ride = await book(stack, { vehicleId: 3 }, 7, '09:00');
      return (await fresh.waitFor((u) => u.bookingId === ride.id, 2000).catch(() => undefined)) && ride;
    }, 30_000, 'a new board to read the stream');
    expect(later.id).toBeGreaterThan(after.id);
  }, 150_000);

  it('keeps the fleet list a booking replica holds in step with fleet events after a restart', async () => {
    // The booking service's copy of the fleet is dropped by fleet events; a watch left reading
    // nothing would keep a vehicle taken out of service bookable until the copy's 30 s limit.
    await nats.restart({ downMs: 500 });
    await eventually(() => book(stack, { vehicleId: 4 }, 8, '09:00').catch(() => undefined), 30_000, 'a booking once NATS is back');
    await request(stack.baseUrl).patch('/api/admin/vehicles/4').set('Authorization', adminAuth(stack)).send({ isActive: false }).expect(200);
    await eventually(
      () => book(stack, { vehicleId: 4 }, 8, '11:00').then(() => undefined, (error: Error) => error.message.includes('400') || undefined),
      5_000,
      'the booking service to refuse the vehicle taken out of service',
    );
  }, 60_000);
});
