import request from 'supertest';
import { DriverRegistrationResult, type AdminNotifications, type Driver } from '@limo/contracts';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { startSmtpInbox, type SmtpInbox } from '../../tests/support/smtp-inbox.js';
import { eventually } from '../../tests/support/stack.js';
import { withStack } from '../../tests/support/fixtures.js';

/**
 * Public driver self-registration (POST /api/register-driver without credentials): it never
 * tells whether an email is a driver's, and a burst of sign-ups from many addresses is stopped
 * and the admin told.
 */
describe('public driver registration', () => {
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  // Loopback proxies: the test speaks for other addresses with X-Forwarded-For.
  const stack = withStack(() => ({
    services: ['drivers', 'notifications', 'reporting'],
    env: { SMTP_URL: inbox.url, PUBLIC_BASE_URL: 'https://limo.example', TRUSTED_PROXIES: 'loopback', REGISTRATIONS_PER_HOUR: '8' },
  }));
  afterAll(() => inbox?.close());

  let address = 0;
  const application = (tag: string, changes: Record<string, string> = {}) => ({
    firstName: 'Morgan',
    lastName: 'Reyes',
    email: `morgan.${tag}@example.com`,
    phone: '3105550142',
    licenseNumber: `D${tag}`,
    address: '12 Ocean Ave, Santa Monica, CA',
    ...changes,
  });
  const apply = (body: object) => request(stack.baseUrl).post('/api/register-driver').set('X-Forwarded-For', `198.51.100.${++address}`).send(body);
  const drivers = async () => (await request(stack.baseUrl).get('/api/drivers').set('Authorization', adminAuth(stack)).expect(200)).body as Driver[];

  it("answers an existing driver's email like any application, registers nothing, and emails the owner instead", async () => {
    const owner = DriverRegistrationResult.parse(
      (await request(stack.baseUrl).post('/api/register-driver').set('Authorization', adminAuth(stack)).send(application('owner', { firstName: 'Olive', lastName: 'Owner' })).expect(201)).body,
    );
    const before = (await drivers()).length;

    const fresh = DriverRegistrationResult.parse((await apply(application('fresh')).expect(201)).body);
    const repeated = (await apply(application('again', { email: owner.email.toUpperCase() })).expect(201)).body as DriverRegistrationResult;
    const next = DriverRegistrationResult.parse((await apply(application('next')).expect(201)).body);

    // The same answer as a new applicant's: every field, the username by the rule, a temporary
    // password, awaiting approval, and an id in the sequence.
    expect(Object.keys(repeated).sort()).toEqual(Object.keys(fresh).sort());
    expect(DriverRegistrationResult.parse(repeated)).toMatchObject({ firstName: 'Morgan', lastName: 'Reyes', email: owner.email, isActive: false, username: expect.stringMatching(/^reyemo\d*$/) });
    expect(repeated.temporaryPassword).toMatch(/^[A-Za-z2-9]{12}$/);
    expect([repeated.id - fresh.id, next.id - repeated.id]).toEqual([1, 1]);

    // Nothing registered for it; the owner's account is as it was.
    const after = await drivers();
    expect(after.length).toBe(before + 2);
    expect(after.some((d) => d.id === repeated.id)).toBe(false);
    await request(stack.baseUrl).get(`/api/admin/drivers/${repeated.id}`).set('Authorization', adminAuth(stack)).expect(404);
    expect(after.find((d) => d.id === owner.id)).toMatchObject({ email: owner.email, firstName: 'Olive', isActive: true });

    const notice = await eventually(async () => inbox.to(owner.email).find((m) => m.subject.includes('driver account')), 15_000, "the owner's email");
    expect(notice.body).toContain(owner.username);
    expect(notice.body).toContain('https://limo.example/login');
    expect(notice.body).toContain('Dear Olive');
    expect(inbox.to(fresh.email)).toEqual([]);
  });

  it('stops a burst from many addresses at the hourly limit (8 here) and tells the admin once, among the dashboard alerts', async () => {
    let refused: request.Response | undefined;
    // Whatever the test before used of the hour's eight: each from an address of its own.
    for (let i = 0; i < 9 && !refused; i++) {
      const res = await apply(application(`burst${i}`));
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(201);
    }
    expect(refused?.body).toEqual({ statusCode: 429, message: expect.stringMatching(/^Driver registrations are paused for now\. Try again in \d+ seconds\.$/) });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    await apply(application('later')).expect(429);

    const notifications = () => request(stack.baseUrl).get('/api/admin/notifications').set('Authorization', adminAuth(stack)).expect(200);
    const alerted = await eventually(
      async () => {
        const body = (await notifications()).body as AdminNotifications;
        return body.registrations.length > 0 && body;
      },
      15_000,
      'the admin alert',
    );
    expect(alerted.registrations).toEqual([{ perHour: 8, at: expect.any(String), until: expect.any(String) }]);
    expect(Date.parse(alerted.registrations[0].until)).toBeGreaterThan(Date.now());
    // Told once however many are refused; an admin still registers drivers.
    await apply(application('again')).expect(429);
    await request(stack.baseUrl).post('/api/register-driver').set('Authorization', adminAuth(stack)).send(application('by-admin')).expect(201);
    await new Promise((r) => setTimeout(r, 1000));
    expect(((await notifications()).body as AdminNotifications).registrations).toHaveLength(1);
  });

  it('still tells an admin that the email is taken (409)', async () => {
    const taken = (await drivers())[0];
    const res = await request(stack.baseUrl).post('/api/register-driver').set('Authorization', adminAuth(stack)).send(application('admin', { email: taken.email })).expect(409);
    const message = 'A driver with this email address is already registered';
    // Named after its field, so the form shows it under Email.
    expect(res.body).toEqual({ statusCode: 409, message, errors: [{ path: 'email', message }] });
  });
});
