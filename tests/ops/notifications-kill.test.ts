import request from 'supertest';
import type { OutgoingMessage } from '@limo/contracts';
import { basicAuth } from '../support/admin-auth.js';
import { book } from '../support/drivers.js';
import { startProductProcesses, type ProductProcesses } from '../support/processes.js';
import { startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox.js';
import { eventually } from '../support/stack.js';

/**
 * The notifications process is killed (SIGKILL) after the mail server has taken a message and
 * before the server's answer reaches it: the message must not be sent again by its replacement,
 * and it shows up for the admin. Built processes (`npm run build`), a real SMTP server.
 */
describe('a notifications process killed mid-send', () => {
  let inbox: SmtpInbox;
  let product: ProductProcesses;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    product = await startProductProcesses({
      services: ['fleet', 'booking', 'drivers', 'notifications'],
      env: { SMTP_URL: inbox.url, MESSAGE_SEND_LEASE_MS: '1500', MESSAGE_POLL_MS: '100' },
    });
  }, 90_000);
  afterAll(async () => {
    await product?.stop();
    await inbox?.close();
  });

  it('sends nothing twice after the restart, lists the message as failed, and carries on with new ones', async () => {
    const admin = basicAuth(product.env.vars.ADMIN_USERNAME, product.env.vars.ADMIN_PASSWORD);
    inbox.holding = true;
    const booking = await book({ baseUrl: product.baseUrl });
    await eventually(async () => inbox.to(booking.email).length === 1, 15_000, 'the mail server to take the message');

    const first = product.processes.find((p) => p.name === 'notifications')!;
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    inbox.holding = false;
    product.spawn('notifications');

    const failed = await eventually(
      async () => {
        const res = await request(product.baseUrl).get('/api/admin/messages/failed').set('Authorization', admin);
        return res.status === 200 && (res.body as OutgoingMessage[]).find((m) => m.reference === booking.reference);
      },
      30_000,
      'the interrupted message to be marked failed',
    );
    expect(failed.lastError).toMatch(/may have been delivered/);

    const next = await book({ baseUrl: product.baseUrl });
    await eventually(async () => inbox.to(next.email).length === 1, 15_000, 'the next booking\'s message');
    expect(inbox.to(booking.email)).toHaveLength(1);
  }, 90_000);
});
