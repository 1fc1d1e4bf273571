import { Queue } from 'bullmq';
import request from 'supertest';
import { redisOptions } from '@limo/messaging';
import { REMINDERS_QUEUE, reminderJobId } from '../src/reminders/reminder-queue.js';
import { book, signedInDriver } from '../../../tests/support/drivers.js';
import { withStack } from '../../../tests/support/fixtures.js';
import { startPrivateRedisSentinel, type PrivateRedisSentinel } from '../../../tests/support/private-redis-sentinel.js';
import { eventually } from '../../../tests/support/stack.js';

/**
 * The product on a replicated Redis (issue 38): the gateway and the services find the master
 * through the Sentinels (REDIS_URL=redis-sentinel://…), and when the master is killed and a
 * replica promoted they go on with it: sessions, sign-ins and queued jobs, without a restart.
 */
describe('the product on Redis with Sentinel', () => {
  let sentinel: PrivateRedisSentinel;
  beforeAll(async () => {
    sentinel = await startPrivateRedisSentinel();
  }, 30_000);
  const stack = withStack(() => ({ services: ['fleet', 'booking', 'drivers', 'notifications'], env: { REDIS_URL: sentinel.url } }));
  afterAll(async () => {
    await sentinel?.stop();
  });

  it('keeps sessions, signs in and queues reminders on the promoted replica after the master is killed', async () => {
    const reminders = new Queue(REMINDERS_QUEUE, { connection: redisOptions(sentinel.url), prefix: `${stack.env.vars.REDIS_PREFIX}:bull` });
    // Its connection to the killed master fails until it asks the Sentinels again: expected here.
    reminders.on('error', () => undefined);
    try {
      // Through the Sentinels: a driver's session (the gateway) and a booking's reminder job (the notifications service).
      const { agent, driver, password } = await signedInDriver(stack);
      await agent.get('/api/drivers/current').expect(200);
      const before = await book(stack);
      await eventually(async () => reminders.getJob(reminderJobId(before.id)), 15_000, 'the first reminder job');
      await sentinel.replicasCaughtUp();

      const { from, to, promotedInMs } = await sentinel.killMaster();
      expect(to).not.toBe(from);
      // The promotion's time depends on the Sentinels' settings (1 s to call the master down here).
      expect(promotedInMs).toBeLessThan(30_000);

      // The session written before the kill was replicated, and the gateway reads it from the new master.
      // Up to 45 s: on CI's two busy cores the Sentinels' promotion and the clients' move to it take longer (20 s was exceeded once).
      let lastStatus = 0;
      await eventually(async () => (lastStatus = (await agent.get('/api/drivers/current')).status) === 200, 45_000, 'the session read from the new master').catch((error: Error) => {
        throw new Error(`${error.message} (last answer ${lastStatus}: 401 would be the session lost, 503 Redis not reached)`);
      });
      // A new sign-in writes (a session, the throttle's counters) to the new master.
      const again = request.agent(stack.baseUrl);
      await eventually(async () => (await again.post('/api/drivers/login').send({ username: driver.username, password })).status === 200, 45_000, 'a sign-in after the promotion');
      await again.get('/api/drivers/current').expect(200);
      // The notifications service queues the next booking's reminder on the new master.
      const after = await book(stack);
      await eventually(async () => reminders.getJob(reminderJobId(after.id)), 45_000, 'the reminder job after the promotion');
      expect(await reminders.getJob(reminderJobId(before.id))).toBeTruthy();
      expect(await sentinel.masterPort()).toBe(to);
    } finally {
      await reminders.close();
    }
  }, 200_000);
});
