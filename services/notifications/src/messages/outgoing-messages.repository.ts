import { Inject, Injectable } from '@nestjs/common';
import type { MessageChannel, MessageKind, OutgoingMessage as OutgoingMessageView } from '@limo/contracts';
import { DATABASE } from '@limo/service-runtime';
import type { OutgoingMessage, PrismaClient } from '../generated/prisma/client.js';
import type { BookingMessageKind } from './compose-message.js';
import type { NotificationsTx } from '../notifications.tx.js';

export interface NewMessage {
  id: string;
  eventId: string;
  channel: MessageChannel;
  kind: MessageKind;
  /** Null for a message to a driver. */
  bookingId: number | null;
  /** The booking's reference, or the driver's username. */
  reference: string;
  recipient: string;
  subject: string | null;
  bodyText: string;
  bodyHtml: string | null;
  attachments?: StoredAttachment[];
}

// A type, not an interface: Prisma's JSON input takes only types with an implicit index signature.
/** A file kept with its email until it is sent (the `attachments` column). */
export type StoredAttachment = {
  filename: string;
  contentType: string;
  contentBase64: string;
};

/** Reads and writes of `outgoing_messages`; the sending rules live in MessageSender. */
@Injectable()
export class OutgoingMessagesRepository {
  constructor(@Inject(DATABASE) private readonly db: PrismaClient) {}

  /** In the event's transaction: a message already there for (event, channel) is left as it is. */
  async queue(tx: NotificationsTx, messages: NewMessage[]): Promise<void> {
    if (messages.length > 0) await tx.outgoingMessage.createMany({ data: messages, skipDuplicates: true });
  }

  /** Which of these message keys have a message already (whatever became of it). */
  async queuedEventIds(eventIds: string[]): Promise<Set<string>> {
    const rows = await this.db.outgoingMessage.findMany({ where: { eventId: { in: eventIds } }, select: { eventId: true }, distinct: ['eventId'] });
    return new Set(rows.map((row) => row.eventId));
  }

  /**
   * Claims the next due message for this instance, right before it is handed to its transport:
   * `FOR UPDATE SKIP LOCKED` lets replicas claim side by side without ever taking the same row,
   * and the claim commits before the send. One at a time, because a claim is what makes a message
   * "may have been delivered" if its sender dies: rows claimed ahead of their send would be given
   * up by `failInterrupted` without ever having been tried.
   */
  async claimNext(instance: string): Promise<OutgoingMessage | undefined> {
    const [message] = await this.db.$queryRaw<OutgoingMessage[]>`
      UPDATE outgoing_messages m
         SET status = 'sending', claimed_at = now(), claimed_by = ${instance}, attempts = m.attempts + 1, updated_at = now()
       WHERE m.id = (SELECT id FROM outgoing_messages
                      WHERE status = 'pending' AND next_attempt_at <= now()
                      ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING m.id, m.event_id AS "eventId", m.channel, m.kind, m.booking_id AS "bookingId", m.reference, m.recipient,
                m.subject, m.body_text AS "bodyText", m.body_html AS "bodyHtml", m.attachments, m.status, m.attempts`;
    return message;
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

  /** Newest first. */
  async listFailed(limit: number): Promise<OutgoingMessageView[]>;
  /** Only messages of `kinds` (what an older reader knows: every one of them about a booking). */
  async listFailed<K extends BookingMessageKind>(limit: number, kinds: readonly K[]): Promise<(OutgoingMessageView & { kind: K; bookingId: number })[]>;
  /** Only messages of `kinds`, some of which may be to drivers (no booking). */
  async listFailed<K extends MessageKind>(limit: number, kinds: readonly K[]): Promise<(OutgoingMessageView & { kind: K })[]>;
  async listFailed(limit: number, kinds?: readonly MessageKind[]): Promise<OutgoingMessageView[]> {
    const rows = await this.db.outgoingMessage.findMany({
      where: { status: 'failed', ...(kinds ? { kind: { in: [...kinds] } } : {}) },
      orderBy: { updatedAt: 'desc' },
      take: limit,
    });
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
