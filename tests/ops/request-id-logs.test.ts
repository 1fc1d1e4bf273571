import { randomBytes } from 'node:crypto';
import { addDays, businessToday } from '@limo/contracts';
import { basicAuth } from '../support/admin-auth.js';
import { signInCodeFrom } from '../support/customer-account.js';
import { startProductProcesses, type ProductProcesses } from '../support/processes.js';
import { startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox.js';
import { eventually } from '../support/stack.js';

/**
 * What an operator reads: the product's own processes (built entry points), JSON log lines on
 * stdout. One request id follows a booking from the gateway through the booking service's RPC to
 * the reporting service's event handler, and no credential ever appears in any line.
 */

interface LogLine {
  service?: string;
  requestId?: string;
  level?: string;
  msg?: string;
}

const parse = (line: string): LogLine | undefined => {
  try {
    return JSON.parse(line) as LogLine;
  } catch {
    return undefined;
  }
};

const booking = () => ({
  tripType: 'one-way',
  pickupDate: addDays(businessToday(), 5),
  pickupTime: '10:30',
  pickupLocation: 'LAX - Los Angeles International Airport',
  dropoffLocation: 'Downtown Los Angeles',
  duration: 1,
  vehicleId: 1,
  firstName: 'Trace',
  lastName: 'Able',
  email: 'trace@example.com',
  phone: '3105551234',
  paymentMethod: 'phone-card',
});

describe('logs of the running product', () => {
  let product: ProductProcesses;
  let inbox: SmtpInbox;
  const adminPassword = `pw-${randomBytes(9).toString('base64url')}`;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    product = await startProductProcesses({
      services: ['fleet', 'booking', 'drivers', 'reporting', 'notifications', 'customers'],
      env: { LOG_LEVEL: 'debug', ADMIN_PASSWORD: adminPassword, SMTP_URL: inbox.url },
    });
  }, 90_000);
  afterAll(async () => {
    await product?.stop();
    await inbox?.close();
  });

  const linesWith = (requestId: string) =>
    product
      .output()
      .map(parse)
      .filter((l): l is LogLine => l?.requestId === requestId);

  it('carries one request id from the gateway through the booking service to the reporting consumer', async () => {
    const requestId = `trace-${randomBytes(6).toString('hex')}`;
    const res = await fetch(`${product.baseUrl}/api/bookings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'x-request-id': requestId },
      body: JSON.stringify(booking()),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-request-id')).toBe(requestId);
    const services = await eventually(
      async () => {
        const seen = new Set(linesWith(requestId).map((l) => l.service));
        return ['gateway', 'booking', 'reporting'].every((s) => seen.has(s)) ? seen : undefined;
      },
      15_000,
      'log lines of the gateway, the booking service and reporting with the request id',
    );
    expect([...services].sort()).toEqual(expect.arrayContaining(['booking', 'gateway', 'reporting']));
    // The gateway's access line for the request itself.
    expect(linesWith(requestId)).toContainEqual(
      expect.objectContaining({ service: 'gateway', level: 'info', msg: 'request completed', req: { method: 'POST', path: '/api/bookings' }, res: { statusCode: 201 } }),
    );
  });

  it('gives a request without an id a new one, and ignores an id that could forge log lines', async () => {
    const forged = 'x\n{"level":"error","msg":"forged"}';
    const res = await fetch(`${product.baseUrl}/api/vehicles`, { headers: { 'x-request-id': encodeURIComponent(forged) + '%0A' } });
    const given = res.headers.get('x-request-id');
    expect(given).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never writes a password, an Authorization header, a cookie, a driver session or a temporary password', async () => {
    const auth = basicAuth('admin', adminPassword);
    const wrong = basicAuth('admin', `${adminPassword}-wrong`);
    const cookie = `session=${randomBytes(12).toString('hex')}`;
    expect((await fetch(`${product.baseUrl}/api/admin/stats`, { headers: { Authorization: auth, Cookie: cookie } })).status).toBe(200);
    expect((await fetch(`${product.baseUrl}/api/admin/stats`, { headers: { Authorization: wrong } })).status).toBe(401);
    const registered = await fetch(`${product.baseUrl}/api/register-driver`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: auth },
      body: JSON.stringify({
        firstName: 'Secret',
        lastName: 'Keeper',
        email: `keeper-${randomBytes(3).toString('hex')}@example.com`,
        phone: '3105550199',
        licenseNumber: 'D1234567',
        address: '1 Main St, Los Angeles, CA',
      }),
    });
    expect(registered.status).toBe(201);
    const driver = (await registered.json()) as { id: number; username: string; temporaryPassword: string };
    const { temporaryPassword } = driver;
    // The driver's side: a wrong password, the right one (its session cookie), the new password,
    // and the temporary password an admin reset hands out.
    const login = (password: string) =>
      fetch(`${product.baseUrl}/api/drivers/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: driver.username, password }) });
    expect((await login(`${temporaryPassword}-wrong`)).status).toBe(401);
    const signedIn = await login(temporaryPassword);
    expect(signedIn.status).toBe(200);
    const sessionCookie = signedIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const sessionToken = sessionCookie.split('; ').map((c) => c.split('=')[1]);
    const newPassword = `new-${randomBytes(6).toString('hex')}`;
    const changed = await fetch(`${product.baseUrl}/api/drivers/current/password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: sessionCookie },
      body: JSON.stringify({ currentPassword: temporaryPassword, newPassword, confirmPassword: newPassword }),
    });
    expect(changed.status).toBe(200);
    const reset = await fetch(`${product.baseUrl}/api/admin/drivers/${driver.id}/reset-password`, { method: 'POST', headers: { Authorization: auth } });
    expect(reset.status).toBe(200);
    const { temporaryPassword: resetPassword } = (await reset.json()) as { temporaryPassword: string };
    // Give every process time to write whatever it would write about these requests.
    await new Promise((r) => setTimeout(r, 1500));
    const all = product.output().join('\n');
    expect(all.length).toBeGreaterThan(0);
    for (const secret of [
      adminPassword,
      auth.slice('Basic '.length),
      wrong.slice('Basic '.length),
      cookie.split('=')[1],
      temporaryPassword,
      ...sessionToken,
      newPassword,
      resetPassword,
    ]) {
      expect(all).not.toContain(secret);
    }
  });

  it("never writes a customer's sign-in code or session token", async () => {
    const email = `logs-${randomBytes(3).toString('hex')}@example.com`;
    const post = (path: string, body: object, cookie = '') =>
      fetch(`${product.baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) }, body: JSON.stringify(body) });
    expect((await post('/api/account/code', { email })).status).toBe(202);
    const code = await signInCodeFrom(inbox, email);
    const wrong = String((Number(code) + 500_001) % 1_000_000).padStart(6, '0');
    expect((await post('/api/account/sign-in', { email, code: wrong })).status).toBe(401);
    const signedIn = await post('/api/account/sign-in', { email, code });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.getSetCookie()[0].split(';')[0];
    expect((await fetch(`${product.baseUrl}/api/account`, { headers: { Cookie: cookie } })).status).toBe(200);
    expect((await post('/api/account/sign-out', {}, cookie)).status).toBe(204);
    await new Promise((r) => setTimeout(r, 1500));
    const all = product.output().join('\n');
    expect(all).toContain('/api/account/sign-in');
    expect(all).not.toContain(cookie.split('=')[1]);
    // Digits alone (a code inside a longer number, a timestamp, is no leak).
    for (const digits of [code, wrong]) expect(all).not.toMatch(new RegExp(`(?<![0-9])${digits}(?![0-9])`));
  });
});
