import pg from 'pg';
import { connect } from '@nats-io/transport-node';
import { ensureEventStream, eventStreamName } from '@limo/messaging';
// @ts-expect-error plain ESM script without types
import { sweepStaleTestData, testIdTime } from '../../scripts/lib/sweep-test-data.mjs';
import { TEST_SERVERS } from '../support/test-env.js';

describe('sweeping data left by killed test runs', () => {
  it('reads the creation time out of a test id and ignores other names', () => {
    const now = Date.UTC(2026, 10, 21, 6, 0, 0);
    expect(testIdTime(`t${now.toString(36)}abcdef`)).toBe(now);
    expect(testIdTime('limo')).toBeUndefined();
    expect(testIdTime('tshort')).toBeUndefined();
  });

  it('drops databases and streams older than six hours and keeps recent ones', async () => {
    const now = Date.now();
    const old = `t${(now - 7 * 3600_000).toString(36)}0a0b0c`;
    const recent = `t${(now - 3600_000).toString(36)}0d0e0f`;
    const admin = new pg.Client({ connectionString: `${TEST_SERVERS.postgres}/postgres` });
    await admin.connect();
    const nc = await connect({ servers: TEST_SERVERS.nats });
    try {
      for (const id of [old, recent]) {
        await admin.query(`CREATE DATABASE "limo_${id}"`);
        await ensureEventStream(nc, id);
      }
      await sweepStaleTestData({ postgresUrl: TEST_SERVERS.postgres, natsUrl: TEST_SERVERS.nats, now });
      const { rows } = await admin.query(`SELECT datname FROM pg_database WHERE datname = ANY($1)`, [[`limo_${old}`, `limo_${recent}`]]);
      expect(rows.map((r) => r.datname)).toEqual([`limo_${recent}`]);
      const { jetstreamManager } = await import('@nats-io/jetstream');
      const jsm = await jetstreamManager(nc);
      await expect(jsm.streams.info(eventStreamName(old))).rejects.toThrow();
      await expect(jsm.streams.info(eventStreamName(recent))).resolves.toBeTruthy();
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "limo_${recent}" WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS "limo_${old}" WITH (FORCE)`);
      const { jetstreamManager } = await import('@nats-io/jetstream');
      const jsm = await jetstreamManager(nc);
      await jsm.streams.delete(eventStreamName(recent)).catch(() => {});
      await jsm.streams.delete(eventStreamName(old)).catch(() => {});
      await nc.close();
      await admin.end();
    }
  });
});
