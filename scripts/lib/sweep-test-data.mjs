// Test runs that were killed half-way leave their database and JetStream stream behind. Each
// carries its creation time in its name (tests/support/test-env.ts: `t<base36 ms><hex>`), so
// anything older than a few hours can be dropped without touching a run still in progress.
import pg from 'pg';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';

const MAX_AGE_MS = 6 * 3600_000;

/** Creation time from a test id such as `tmwq0w59occ169c`, or undefined for other names. */
export function testIdTime(id) {
  const match = /^t([0-9a-z]{8})[0-9a-f]{6}$/.exec(id.toLowerCase());
  if (!match) return undefined;
  const time = parseInt(match[1], 36);
  return Number.isFinite(time) ? time : undefined;
}

const isStale = (id, now) => {
  const time = testIdTime(id);
  return time !== undefined && now - time > MAX_AGE_MS;
};

export async function sweepStaleTestData({ postgresUrl, natsUrl, now = Date.now() }) {
  let databases = 0;
  let streams = 0;
  const admin = new URL(postgresUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  try {
    await client.connect();
    const { rows } = await client.query(`SELECT datname FROM pg_database WHERE datname LIKE 'limo\\_t%'`);
    for (const { datname } of rows) {
      if (!isStale(datname.slice('limo_'.length), now)) continue;
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      databases++;
    }
  } catch (error) {
    console.warn(`stale test databases not swept: ${error.message}`);
  } finally {
    await client.end().catch(() => {});
  }
  try {
    const nc = await connect({ servers: natsUrl });
    const jsm = await jetstreamManager(nc);
    for await (const info of jsm.streams.list()) {
      const name = info.config.name;
      const suffix = ['_EVENTS', '_DEAD_LETTERS'].find((end) => name.endsWith(end));
      if (suffix && isStale(name.slice(0, -suffix.length), now)) {
        await jsm.streams.delete(name);
        streams++;
      }
    }
    await nc.close();
  } catch (error) {
    console.warn(`stale test streams not swept: ${error.message}`);
  }
  if (databases || streams) console.log(`swept ${databases} stale test databases and ${streams} streams`);
}
