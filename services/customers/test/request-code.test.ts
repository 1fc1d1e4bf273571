import pg from 'pg';
import { RequestCode } from '../src/sign-in/request-code.use-case.js';
import { hashCode } from '../src/sign-in/sign-in-code.js';
import { SignIn } from '../src/sign-in/sign-in.use-case.js';
import { withStack } from '../../../tests/support/fixtures.js';

/** Without the notifications service no code can be sent: the one the customer already has must keep working. */
describe('a sign-in code that cannot be sent', () => {
  let db: pg.Client | undefined;
  const stack = withStack({ services: ['customers'] }, { beforeStop: () => db?.end() });
  beforeAll(async () => {
    db = new pg.Client({ connectionString: stack.env.databaseUrl });
    await db.connect();
  });
  const app = () => stack.services.customers!.app;

  it('leaves the code sent before in place, and stores none when there was none', async () => {
    const { codeHash, salt } = await hashCode('246810');
    await db!.query(`INSERT INTO customers.sign_in_codes (email, code_hash, salt, expires_at) VALUES ('had@example.com', $1, $2, now() + interval '5 minutes')`, [codeHash, salt]);
    await expect(app().get(RequestCode).execute('had@example.com')).rejects.toThrow();
    await expect(app().get(SignIn).execute('had@example.com', '246810')).resolves.toMatchObject({ customer: { email: 'had@example.com' } });

    await expect(app().get(RequestCode).execute('never@example.com')).rejects.toThrow();
    expect((await db!.query(`SELECT email FROM customers.sign_in_codes WHERE email = 'never@example.com'`)).rows).toEqual([]);
  });
});
