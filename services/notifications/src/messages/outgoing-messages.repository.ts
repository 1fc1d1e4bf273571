import { Inject, Injectable } from '@nestjs/common';
import type { MessageChannel, MessageKind, OutgoingMessage as OutgoingMessageView } from '@limo/contracts';
import { DATABASE } from '@limo/service-runtime';
import type { OutgoingMessage, PrismaClient } from '../generated/prisma/client.js';
import type { NotificationsTx } from '../notifications.tx.js';

export interface NewMessage {
  id: string;
  eventId: string;
  channel: MessageChannel;
  kind: MessageKind;
  bookingId: number;
  reference: string;
  recipient: string;
  subject: string | null;
  bodyText: string;
  bodyHtml: string | null;
}

/** Reads and writes of `outgoing_messages`; the sending rules live in MessageSender. */
@Injectable()
export class OutgoingMessagesRepository {
  constructor(@Inject(DATABASE) private readonly db: PrismaClient) {}

  /** In the event's transaction: a message already there for (event, channel) is left as it is. */
  async queue(tx: NotificationsTx, messages: NewMessage[]): Promise<void> {
    if (messages.length > 0) await tx.outgoingMessage.createMany({ data: messages, skipDuplicates: true });
  }

  /**
   * Claims up to `limit` due messages for this instance: `FOR UPDATE SKIP LOCKED` lets replicas
   * claim side by side without ever taking the same row; the claim commits before any send.
   */
  claimDue(instance: string, limit: number): Promise<OutgoingMessage[]> {
    return this.db.$queryRaw<OutgoingMessage[]>`
      UPDATE outgoing_messages m
         SET status = 'sending', claimed_at = now(), claimed_by = ${instance}, attempts = m.attempts + 1, updated_at = now()
       WHERE m.id IN (SELECT id FROM outgoing_messages
                       WHERE status = 'pending' AND next_attempt_at <= now()
                       ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING m.id, m.event_id AS "eventId", m.channel, m.kind, m.booking_id AS "bookingId", m.reference, m.recipient,
                m.subject, m.body_text AS "bodyText", m.body_html AS "bodyHtml", m.status, m.attempts`;
  }

  async markSent(id: string, providerId: string): Promise<void> {
    await this.db.outgoingMessage.update({ where: { id }, data: { status: 'sent', sentAt: new Date(), providerId, lastError: null } });
  }

  async retryLater(id: string, at: Date, error: string): Promise<void> {
    await this.db.outgoingMessage.update({ where: { id }, data: { status: 'pending', nextAttemptAt: at, lastError: error } });
  }

  async markFailed(id: string, error: string): Promise<void> {
    await this.db.outgoingMessage.update({ where: { id }, data: { status: 'failed', lastError: error } });
  }

  /** Claims older than the lease whose sender never reported back (it died mid-send): failed, not retried. */
  async failInterrupted(leaseMs: number, reason: string): Promise<number> {
    const { count } = await this.db.outgoingMessage.updateMany({
      where: { status: 'sending', claimedAt: { lt: new Date(Date.now() - leaseMs) } },
      data: { status: 'failed', lastError: reason },
    });
    return count;
  }

  async listFailed(limit: number): Promise<OutgoingMessageView[]> {
    const rows = await this.db.outgoingMessage.findMany({ where: { status: 'failed' }, orderBy: { updatedAt: 'desc' }, take: limit });
    return rows.map(toView);
  }
}

function toView(row: OutgoingMessage): OutgoingMessageView {
  return {
    id: row.id,
    eventId: row.eventId,
    channel: row.channel as MessageChannel,
    kind: row.kind as MessageKind,
    bookingId: row.bookingId,
    reference: row.reference,
    recipient: row.recipient,
    subject: row.subject,
    status: row.status as OutgoingMessageView['status'],
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}
