import pg from 'pg';
import request from 'supertest';
import { Account, ACCOUNT_MESSAGES, AccountBookings, type CustomerBookingView } from '@limo/contracts';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { signInCodeFrom, signInMails, signedInCustomer } from '../../tests/support/customer-account.js';
import { book } from '../../tests/support/drivers.js';
import { withStack } from '../../tests/support/fixtures.js';
import { startSmtpInbox, type SmtpInbox } from '../../tests/support/smtp-inbox.js';

const WRONG_CODE = { statusCode: 401, message: ACCOUNT_MESSAGES.wrongCode };

/**
 * Customer accounts (issue 36): sign-in with an emailed one-time code (6 digits, 10 minutes, 5
 * tries, throttled per email and address, the same answer whatever the email), a session cookie
 * of its own, and the bookings made with that email.
 */
describe('customer accounts: sign-in with an emailed code, and the bookings of that email', () => {
  let inbox: SmtpInbox;
  let db: pg.Client | undefined;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  // Loopback proxies: the test speaks for other addresses (and for https) with X-Forwarded-*.
  const stack = withStack(
    () => ({
      services: ['fleet', 'booking', 'drivers', 'notifications', 'customers'],
      env: { SMTP_URL: inbox.url, TRUSTED_PROXIES: 'loopback', ACCOUNT_CODES_PER_EMAIL: '3', ACCOUNT_CODES_PER_IP: '4' },
    }),
    { beforeStop: () => db?.end() },
  );
  beforeAll(async () => {
    db = new pg.Client({ connectionString: stack.env.databaseUrl });
    await db.connect();
  });
  afterAll(() => inbox?.close());

  let lastAddress = 0;
  /** Each test speaks from addresses of its own, so the per-address throttle is its alone. */
  const newAddress = () => `198.51.100.${++lastAddress}`;
  let lastEmail = 0;
  const newEmail = (tag: string) => `${tag}-${++lastEmail}-${Date.now()}@example.com`;
  const askCode = (email: string, address = newAddress()) => request(stack.baseUrl).post('/api/account/code').set('X-Forwarded-For', address).send({ email });
  const signIn = (email: string, code: string, address = newAddress()) =>
    request(stack.baseUrl).post('/api/account/sign-in').set('X-Forwarded-For', address).send({ email, code });
  /** A 6-digit code that is not this one. */
  const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('emails a 6-digit code, signs in with it once, and makes the account on that first sign-in', async () => {
    const email = newEmail('Ann.Lee').toUpperCase();
    const asked = await askCode(email).expect(202);
    expect(asked.body).toEqual({ message: ACCOUNT_MESSAGES.codeSent });
    const code = await signInCodeFrom(inbox, email.toLowerCase());
    expect(code).toMatch(/^\d{6}$/);

    // Only a hash of it is kept.
    const stored = (await db!.query(`SELECT code_hash, salt FROM customers.sign_in_codes WHERE email = $1`, [email.toLowerCase()])).rows;
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(code);

    const signedIn = await signIn(email, code).expect(200);
    expect(Account.parse(signedIn.body)).toMatchObject({ email: email.toLowerCase(), name: null, phone: null });
    const cookie = signedIn.headers['set-cookie']![0];
    const token = /^limo_customer=([^;]+)/.exec(cookie)![1];
    const session = await request(stack.baseUrl).get('/api/account').set('Cookie', `limo_customer=${token}`).expect(200);
    expect(session.body).toEqual(signedIn.body);
    // The session is kept as a hash of its token, never the token.
    const sessions = (await db!.query(`SELECT s.token_hash FROM customers.sessions s JOIN customers.customers c ON c.id = s.customer_id WHERE c.email = $1`, [email.toLowerCase()])).rows;
    expect(sessions).toHaveLength(1);
    expect(sessions[0].token_hash).not.toContain(token);

    // Used once: the same code again is refused, and a second sign-in keeps the one account.
    expect((await signIn(email, code).expect(401)).body).toEqual(WRONG_CODE);
    const before = signInMails(inbox, email.toLowerCase());
    await askCode(email).expect(202);
    await signIn(email, await signInCodeFrom(inbox, email.toLowerCase(), before)).expect(200);
    const accounts = (await db!.query(`SELECT count(*)::int AS n FROM customers.customers WHERE email = $1`, [email.toLowerCase()])).rows[0].n;
    expect(accounts).toBe(1);
  });

  it('sets an httpOnly, SameSite=Lax session cookie, Secure when the request came over https', async () => {
    const email = newEmail('cookie');
    await askCode(email).expect(202);
    const code = await signInCodeFrom(inbox, email);
    const address = newAddress();
    const res = await request(stack.baseUrl).post('/api/account/sign-in').set('X-Forwarded-For', address).set('X-Forwarded-Proto', 'https').send({ email, code }).expect(200);
    const cookie = res.headers['set-cookie']![0];
    expect(cookie).toMatch(/^limo_customer=[A-Za-z0-9_-]{40,};/);
    for (const flag of ['HttpOnly', 'Secure', 'SameSite=Lax', 'Path=/']) expect(cookie.split('; ')).toContain(flag);
    expect(Number(/Max-Age=(\d+)/.exec(cookie)![1])).toBeGreaterThan(29 * 86_400);
    // Beside it, for the web app to read: no secret, as long-lived, not HttpOnly.
    const note = res.headers['set-cookie']![1];
    expect(note).toMatch(/^limo_signed_in=1;/);
    expect(note.split('; ')).not.toContain('HttpOnly');
    for (const flag of ['Secure', 'SameSite=Lax', 'Path=/']) expect(note.split('; ')).toContain(flag);
    expect(/Max-Age=(\d+)/.exec(note)![1]).toBe(/Max-Age=(\d+)/.exec(cookie)![1]);

    // Over plain http (here, locally) it cannot be Secure, or the browser would not send it back.
    const before = signInMails(inbox, email);
    await askCode(email).expect(202);
    const plain = await signIn(email, await signInCodeFrom(inbox, email, before)).expect(200);
    expect(plain.headers['set-cookie']![0].split('; ')).not.toContain('Secure');
  });

  it('answers a code request the same whether the email has bookings, an account or neither', async () => {
    const booking = await book(stack);
    const withAccount = newEmail('known');
    await signedInCustomer(stack.baseUrl, inbox, withAccount, newAddress());
    const answers = await Promise.all([askCode(booking.email), askCode(withAccount), askCode(newEmail('nobody'))]);
    for (const answer of answers) {
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual({ message: ACCOUNT_MESSAGES.codeSent });
    }
  });

  it('refuses a wrong code with one 401, and burns the code at its 5th wrong try', async () => {
    const email = newEmail('tries');
    await askCode(email).expect(202);
    const code = await signInCodeFrom(inbox, email);
    for (let i = 0; i < 5; i++) expect((await signIn(email, otherThan(code)).expect(401)).body).toEqual(WRONG_CODE);
    // The right code no longer works: it has had its 5 tries.
    expect((await signIn(email, code).expect(401)).body).toEqual(WRONG_CODE);
    // Nor for an email that was never sent one.
    expect((await signIn(newEmail('never'), '123456').expect(401)).body).toEqual(WRONG_CODE);
    // A new code works.
    const before = signInMails(inbox, email);
    await askCode(email).expect(202);
    await signIn(email, await signInCodeFrom(inbox, email, before)).expect(200);
  });

  it('takes the right code after four wrong tries: the fifth burns it, not the fourth', async () => {
    const email = newEmail('four');
    await askCode(email).expect(202);
    const code = await signInCodeFrom(inbox, email);
    for (let i = 0; i < 4; i++) await signIn(email, otherThan(code)).expect(401);
    const signedIn = await signIn(email, code).expect(200);
    // The account's answers stay out of every cache.
    expect(signedIn.headers['cache-control']).toBe('no-store');
  });

  it('refuses a code of the wrong shape with a 400 that says what a code is', async () => {
    const res = await signIn(newEmail('shape'), '12ab').expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, errors: [{ path: 'code', message: ACCOUNT_MESSAGES.code }] });
    await askCode('not an email').expect(400);
  });

  it('refuses an expired code', async () => {
    const email = newEmail('expired');
    await askCode(email).expect(202);
    const code = await signInCodeFrom(inbox, email);
    // Ten minutes later: the code's expiry moved into the past.
    await db!.query(`UPDATE customers.sign_in_codes SET expires_at = now() - interval '1 second' WHERE email = $1`, [email]);
    expect((await signIn(email, code).expect(401)).body).toEqual(WRONG_CODE);
  });

  it('slows code requests per email (from any address) with a 429 and Retry-After', async () => {
    const email = newEmail('busy');
    for (let i = 0; i < 3; i++) await askCode(email).expect(202);
    const refused = await askCode(email).expect(429);
    expect(refused.body).toEqual({ statusCode: 429, message: expect.stringMatching(/^Too many attempts, try again in \d+ s$/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another email is not held up.
    await askCode(newEmail('calm')).expect(202);
  });

  it('lets no burst through: of ten requests for one email at once, only its free three send a code', async () => {
    const email = newEmail('burst');
    const answers = await Promise.all(Array.from({ length: 10 }, () => askCode(email)));
    expect(answers.map((a) => a.status).sort()).toEqual([202, 202, 202, 429, 429, 429, 429, 429, 429, 429]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(signInMails(inbox, email)).toBe(3);
  });

  it('slows code requests per client address, whatever the emails', async () => {
    const address = newAddress();
    for (let i = 0; i < 4; i++) await askCode(newEmail('spray'), address).expect(202);
    const refused = await askCode(newEmail('spray'), address).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await askCode(newEmail('spray'), newAddress()).expect(202);
  });

  it('lists every booking made with the email, in any case, and no one else\'s, each with its manage link', async () => {
    const email = newEmail('rider');
    const first = await book(stack, { email }, 5);
    const second = await book(stack, { email: email.toUpperCase() }, 3);
    const cancelled = await book(stack, { email }, 6);
    const someoneElse = await book(stack, {}, 4);
    await request(stack.baseUrl).post('/api/bookings/cancel').send({ reference: cancelled.reference, contact: email }).expect(200);

    const agent = await signedInCustomer(stack.baseUrl, inbox, email, newAddress());
    const bookings = AccountBookings.parse((await agent.get('/api/account/bookings').expect(200)).body);
    expect(bookings.upcoming.map((b) => b.reference)).toEqual([second.reference, first.reference]);
    expect(bookings.cancelled.map((b) => b.reference)).toEqual([cancelled.reference]);
    expect(bookings.past).toEqual([]);
    expect(JSON.stringify(bookings)).not.toContain(someoneElse.reference);
    expect(bookings.upcoming[0]).toMatchObject({ status: 'pending', pickupLocation: second.pickupLocation, total: second.price.total });

    // The link opens the booking's manage page.
    const token = new URL(bookings.upcoming[0].manageLink, stack.baseUrl).searchParams.get('t');
    const view = (await request(stack.baseUrl).post('/api/bookings/lookup').send({ token }).expect(200)).body as CustomerBookingView;
    expect(view.reference).toBe(second.reference);
  });

  it('answers 401 without a customer session (admin credentials are none), and ends the session on sign-out', async () => {
    await request(stack.baseUrl).get('/api/account').expect(401, { statusCode: 401, message: ACCOUNT_MESSAGES.signInRequired });
    await request(stack.baseUrl).get('/api/account/bookings').set('Cookie', 'limo_customer=not-a-real-session-token-at-all').expect(401);
    // The admin's credentials are no customer session.
    await request(stack.baseUrl).get('/api/account/bookings').set('Authorization', adminAuth(stack)).expect(401);

    const email = newEmail('leaving');
    const agent = await signedInCustomer(stack.baseUrl, inbox, email, newAddress());
    await agent.get('/api/account').expect(200);
    const out = await agent.post('/api/account/sign-out').expect(204);
    expect(out.headers['set-cookie']![0]).toMatch(/^limo_customer=; Max-Age=0;.*Expires=Thu, 01 Jan 1970/);
    expect(out.headers['set-cookie']![1]).toMatch(/^limo_signed_in=; Max-Age=0;.*Expires=Thu, 01 Jan 1970/);
    await agent.get('/api/account').expect(401);
    // The old cookie, kept by someone, no longer opens the account either.
    const old = (await db!.query(`SELECT count(*)::int AS n FROM customers.sessions s JOIN customers.customers c ON c.id = s.customer_id WHERE c.email = $1`, [email])).rows[0].n;
    expect(old).toBe(0);
  });
});
