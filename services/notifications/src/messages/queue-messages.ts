import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { NotificationsTx } from '../notifications.tx.js';
import { composeMessage, type BookingMessageKind, type MessageFacts } from './compose-message.js';
import type { ComposedEmail } from './driver-messages.js';
import { OutgoingMessagesRepository, type NewMessage } from './outgoing-messages.repository.js';

/**
 * Writes a message's email (and its SMS when the customer asked for text updates) in the
 * transaction of the event that caused it, keyed by (event id, channel): the consumer acks the
 * event only after this commits, so a message is never lost, and a redelivered event or a
 * second replica adds nothing.
 */
@Injectable()
export class QueueMessages {
  constructor(private readonly messages: OutgoingMessagesRepository) {}

  async queue(tx: NotificationsTx, eventId: string, kind: BookingMessageKind, facts: MessageFacts): Promise<void> {
    const { booking } = facts;
    const composed = composeMessage(kind, facts);
    const common = { eventId, kind, bookingId: booking.id, reference: booking.reference };
    const rows: NewMessage[] = [
      { ...common, id: randomUUID(), channel: 'email', recipient: booking.email, subject: composed.subject, bodyText: composed.text, bodyHtml: composed.html },
    ];
    if (booking.smsUpdates && booking.phone) {
      rows.push({ ...common, id: randomUUID(), channel: 'sms', recipient: booking.phone, subject: null, bodyText: composed.sms, bodyHtml: null });
    }
    await this.messages.queue(tx, rows);
  }

  /** An email to a driver (never a text message), keyed by its event like the customers'. */
  async queueToDriver(tx: NotificationsTx, eventId: string, driver: { email: string; username: string }, email: ComposedEmail): Promise<void> {
    await this.messages.queue(tx, [
      { id: randomUUID(), eventId, kind: email.kind, bookingId: null, reference: driver.username, channel: 'email', recipient: driver.email, subject: email.subject, bodyText: email.text, bodyHtml: email.html },
    ]);
  }
}
