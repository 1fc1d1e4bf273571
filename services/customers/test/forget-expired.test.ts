import pg from 'pg';
import { ForgetExpired } from '../src/housekeeping/forget-expired.use-case.js';
import { HousekeepingWorker } from '../src/housekeeping/housekeeping.jobs.js';
import { withStack } from '../../../tests/support/fixtures.js';

describe('forgetting expired sign-in codes and sessions', () => {
  let db: pg.Client | undefined;
  const stack = withStack({ services: ['customers'] }, { beforeStop: () => db?.end() });
  beforeAll(async () => {
    db = new pg.Client({ connectionString: stack.env.databaseUrl });
    await db.connect();
  });

  it('deletes only the codes and sessions past their expiry, and does nothing more when run again', async () => {
    // The hourly job's first run comes soon after start: held, so the counts below are this run's.
    await stack.services.customers!.app.get(HousekeepingWorker).worker.pause();
    const customer = (await db!.query(`INSERT INTO customers.customers (email) VALUES ('keep@example.com') RETURNING id`)).rows[0].id as number;
    await db!.query(
      `INSERT INTO customers.sign_in_codes (email, code_hash, salt, expires_at) VALUES
        ('old@example.com', 'h', 's', now() - interval '1 minute'), ('live@example.com', 'h', 's', now() + interval '5 minutes')`,
    );
    await db!.query(
      `INSERT INTO customers.sessions (token_hash, customer_id, expires_at) VALUES
        ('expired', $1, now() - interval '1 second'), ('live', $1, now() + interval '1 day')`,
      [customer],
    );
    const forget = stack.services.customers!.app.get(ForgetExpired);
    expect(await forget.execute()).toEqual({ codes: 1, sessions: 1 });
    expect(await forget.execute()).toEqual({ codes: 0, sessions: 0 });
    expect((await db!.query(`SELECT email FROM customers.sign_in_codes`)).rows).toEqual([{ email: 'live@example.com' }]);
    expect((await db!.query(`SELECT token_hash FROM customers.sessions`)).rows).toEqual([{ token_hash: 'live' }]);
  });
});
