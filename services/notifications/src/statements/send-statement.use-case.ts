import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { companiesRpc, type customerEvents } from '@limo/contracts';
import { RpcCallError, RpcClient, type EventOf } from '@limo/messaging';
import { OutgoingMessagesRepository } from '../messages/outgoing-messages.repository.js';
import type { NotificationsTx } from '../notifications.tx.js';
import { statementEmail, statementFileName } from './statement-email.js';

type StatementIssued = EventOf<typeof customerEvents.statementIssued>['data'];

/** The files of a month's statement can take the customers service a moment to make (a month of up to 1000 rides). */
const FILES_TIMEOUT_MS = 20_000;

/** The key of a statement's email: one per statement, whichever event (or copy of it) asks. */
const statementMessageKey = (statementId: number) => `statement-${statementId}`;

/**
 * A statement was issued: its email, with the PDF and CSV asked of the customers service, is
 * queued in the event's transaction and sent by the MessageSender like every other message. The
 * files are kept with the message, so a retried send sends the same bytes. When the customers
 * service cannot answer (down, slow, or the month briefly not over by its clock: 5xx, 409), the
 * handler fails and the event is retried with backoff; nothing is queued without its files.
 */
@Injectable()
export class SendStatement {
  private readonly log = new Logger('SendStatement');

  constructor(
    private readonly rpc: RpcClient,
    private readonly messages: OutgoingMessagesRepository,
  ) {}

  async issued(statement: StatementIssued, tx: NotificationsTx): Promise<void> {
    const key = statementMessageKey(statement.statementId);
    // A statement issued again under another event (a republish) already has its email.
    if ((await this.messages.queuedEventIds([key])).has(key)) return;
    let files;
    try {
      files = await this.rpc.request(companiesRpc.statement, { companyId: statement.companyId, month: statement.month }, { timeoutMs: FILES_TIMEOUT_MS });
    } catch (error) {
      // A refusal that asking again will not change (no such statement, a malformed month): told loudly, not retried forever.
      if (error instanceof RpcCallError && error.status < 500 && error.status !== 409) {
        this.log.error(`statement ${statement.statementId} of company ${statement.companyId} for ${statement.month} not emailed: the customers service answered ${error.status} ${error.message}`);
        return;
      }
      throw error;
    }
    if (files.statement.id !== statement.statementId) {
      this.log.warn(`statement ${statement.statementId} of company ${statement.companyId} for ${statement.month}: the customers service answered statement ${files.statement.id}; its files are sent`);
    }
    // The email states the total of the files it attaches.
    const email = statementEmail({ ...statement, totalDue: files.statement.totalDue });
    const name = statementFileName(statement);
    await this.messages.queue(tx, [
      {
        id: randomUUID(),
        eventId: key,
        channel: 'email',
        kind: 'company-statement',
        bookingId: null,
        reference: `${statement.companyName}, ${statement.month}`,
        recipient: statement.billingEmail,
        subject: email.subject,
        bodyText: email.text,
        bodyHtml: email.html,
        attachments: [
          { filename: `${name}.pdf`, contentType: 'application/pdf', contentBase64: files.pdfBase64 },
          { filename: `${name}.csv`, contentType: 'text/csv; charset=utf-8', contentBase64: Buffer.from(files.csv, 'utf8').toString('base64') },
        ],
      },
    ]);
  }
}
