import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { COMPANY } from '@limo/contracts/common/company';
import { companiesRpc, customerEvents, type RpcReply, type StatementFiles } from '@limo/contracts';
import { eventStreamName, eventSubject, rpcSubject } from '@limo/messaging';
import { attachmentsOf, startSmtpInbox, type SmtpInbox } from '../../../tests/support/smtp-inbox.js';
import { eventually } from '../../../tests/support/stack.js';
import { withStack } from '../../../tests/support/fixtures.js';

/** Every byte value, behind a PDF's magic: what went through base64, JSON, the database and SMTP must come out the same. */
const PDF = Buffer.concat([Buffer.from('%PDF-1.3\n'), Buffer.from(Array.from({ length: 256 }, (_, i) => i)), Buffer.from('\n%%EOF\n')]);
const CSV = 'Date,Reference,Route,Final amount\r\n2026-10-03,LX-7K3Q9,"LAX → Santa Monica, CA",210.30\r\n';

describe('company statements: emailed to the billing contact with the PDF and CSV the customers service makes', () => {
  let inbox: SmtpInbox;
  let db: pg.Client;
  let nc: NatsConnection;
  let responder: Subscription | undefined;
  const asked: unknown[] = [];

  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  const stack = withStack(() => ({ services: ['notifications'], env: { SMTP_URL: inbox.url, MESSAGE_RETRY_BASE_MS: '100' } }), {
    beforeStop: async () => {
      await nc?.close();
      await db?.end();
    },
  });
  afterAll(() => inbox?.close());
  beforeAll(async () => {
    db = new pg.Client({ connectionString: stack.env.databaseUrl });
    await db.connect();
    nc = await connect({ servers: stack.env.vars.NATS_URL });
  });
  afterEach(() => {
    responder?.unsubscribe();
    responder = undefined;
  });

  /** A stand-in for the customers service's statements.get.v1 (the real one is wired by the lead): the files of any statement asked for. */
  function answerStatements(statementId: number, totalDue: string) {
    responder = nc.subscribe(rpcSubject(stack.env.id, companiesRpc.statement.subject), {
      callback: (_, msg) => {
        const request = msg.json<{ companyId: number; month: string }>();
        asked.push(request);
        const files: StatementFiles = {
          statement: { id: statementId, companyId: request.companyId, month: request.month, totalDue, issuedAt: '2026-11-01T08:00:00.000Z' },
          companyName: 'Acme Industries, Inc.',
          pdfBase64: PDF.toString('base64'),
          csv: CSV,
        };
        msg.respond(JSON.stringify({ ok: true, data: files } satisfies RpcReply));
      },
    });
  }

  const company = () => ({ companyId: Math.floor(Math.random() * 1e6) + 1, email: `billing-${randomUUID().slice(0, 8)}@acme.example` });

  async function publishIssued(statementId: number, { companyId, email }: ReturnType<typeof company>, eventId = randomUUID()) {
    const envelope = {
      eventId,
      type: customerEvents.statementIssued.type,
      occurredAt: new Date().toISOString(),
      aggregateId: String(companyId),
      data: { statementId, companyId, companyName: 'Acme Industries, Inc.', month: '2026-10', billingEmail: email, billingContact: 'Dana Whitfield', totalDue: '2736.51' },
    };
    // A fresh Nats-Msg-Id each time: a copy gets past JetStream's de-duplication, as a redelivery would.
    await jetstream(nc).publish(eventSubject(stack.env.id, envelope.type), JSON.stringify(envelope), { msgID: randomUUID() });
    return eventId;
  }

  const consumer = async () => (await jetstreamManager(nc)).consumers.info(eventStreamName(stack.env.id), 'notifications-customers');
  const caughtUp = () => eventually(async () => ((info) => info.num_pending === 0 && info.num_ack_pending === 0)(await consumer()), 15_000, 'the customers consumer to catch up');
  const rowsFor = async (email: string) => (await db.query(`SELECT event_id, kind, status, reference FROM notifications.outgoing_messages WHERE recipient = $1`, [email])).rows;

  it('emails the statement once, with the PDF byte for byte and the CSV, even when its event comes twice and again under another id', async () => {
    const statementId = Math.floor(Math.random() * 1e9) + 1;
    const acme = company();
    answerStatements(statementId, '2736.51');
    const eventId = await publishIssued(statementId, acme);
    const [mail] = await eventually(async () => inbox.to(acme.email).length > 0 && inbox.to(acme.email), 15_000, 'the statement email');

    expect(mail.subject).toBe(`Your ${COMPANY.name} statement for October 2026`);
    for (const text of ['Dear Dana Whitfield,', 'Acme Industries, Inc.', '$2736.51', 'Payment is arranged offline with our billing team', COMPANY.phone.display, COMPANY.email]) {
      expect(mail.body).toContain(text);
    }
    const files = attachmentsOf(mail);
    expect(files.map((f) => [f.filename, f.contentType])).toEqual([
      ['prestige-limo-statement-acme-industries-inc-2026-10.pdf', 'application/pdf'],
      ['prestige-limo-statement-acme-industries-inc-2026-10.csv', 'text/csv'],
    ]);
    expect(files[0].content.equals(PDF)).toBe(true);
    expect(files[1].content.toString('utf8')).toBe(CSV);

    // The same event delivered again, then the statement issued again under another event id.
    await publishIssued(statementId, acme, eventId);
    await publishIssued(statementId, acme);
    await caughtUp();
    await new Promise((r) => setTimeout(r, 1500));
    expect(inbox.to(acme.email)).toHaveLength(1);
    expect(await rowsFor(acme.email)).toEqual([{ event_id: `statement-${statementId}`, kind: 'company-statement', status: 'sent', reference: 'Acme Industries, Inc., 2026-10' }]);
  });

  it('keeps retrying the event while the customers service does not answer, and emails the statement once it does', async () => {
    const statementId = Math.floor(Math.random() * 1e9) + 1;
    const acme = company();
    const before = asked.length;
    await publishIssued(statementId, acme);
    // Nobody answers statements.get: the event fails (503) and is redelivered with backoff, nothing queued without its files.
    await eventually(async () => ((info) => info.num_redelivered > 0 || info.delivered.consumer_seq > info.ack_floor.consumer_seq)(await consumer()), 15_000, 'the event to be tried');
    await new Promise((r) => setTimeout(r, 2000));
    expect(await rowsFor(acme.email)).toEqual([]);
    expect(inbox.to(acme.email)).toHaveLength(0);
    expect(asked.length).toBe(before);

    answerStatements(statementId, '2736.51');
    const [mail] = await eventually(async () => inbox.to(acme.email).length > 0 && inbox.to(acme.email), 30_000, 'the statement email after customers is back');
    expect(attachmentsOf(mail)[0].content.equals(PDF)).toBe(true);
    await caughtUp();
    expect(inbox.to(acme.email)).toHaveLength(1);
  });
});
