import { Inject, Injectable, Logger } from '@nestjs/common';
import { SERVICE_CONFIG } from '@limo/service-runtime';
import type { NotificationsConfig } from '../notifications.config.js';
import type { BookingSnapshot } from '@limo/contracts';
import type { NotificationsTx } from '../notifications.tx.js';
import type { BookingMessageKind, MessageFacts } from '../messages/compose-message.js';
import { CustomerLinks } from '../messages/customer-links.js';
import { tooOldToTell } from '../messages/event-age.js';
import { rideChanges, vehicleText } from '../messages/ride-changes.js';
import { QueueMessages } from '../messages/queue-messages.js';
import { reminderDue, UPCOMING } from '../reminders/reminder-due.js';
import { ReminderSchedule } from '../reminders/reminder-schedule.js';
import { ChauffeurDirectory } from './chauffeur-directory.js';
import { CustomerBookingsRepository, type AppliedBooking } from './customer-bookings.repository.js';

/** One booking or dispatch event, as the notifications consumer sees it. */
export interface BookingChange {
  eventId: string;
  /** When the event happened (its envelope's occurredAt). */
  occurredAt: string;
  booking: BookingSnapshot;
  tx: NotificationsTx;
}

/**
 * What a booking event means for the customer: the booking's latest state is kept (so reminders
 * know when pickup is), the reminder follows the pickup and status, and the event's message, if
 * it has one, is queued in the event's transaction.
 */
@Injectable()
export class NotifyCustomer {
  private readonly log = new Logger('NotifyCustomer');

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: NotificationsConfig,
    private readonly bookings: CustomerBookingsRepository,
    private readonly queueMessages: QueueMessages,
    private readonly reminders: ReminderSchedule,
    private readonly chauffeurs: ChauffeurDirectory,
    private readonly links: CustomerLinks,
  ) {}

  /**
   * Keeps the booking's state and its reminder up to date; no message. Answers the version it
   * replaced (null for a booking not seen before), or 'stale' when this event was not applied
   * (the same or a newer version is already there).
   */
  async track({ booking, tx }: BookingChange): Promise<AppliedBooking | null | 'stale'> {
    const previous = await this.bookings.lock(tx, booking.id);
    if (previous && previous.version >= booking.version) return 'stale';
    const reminder = reminderDue(previous, booking, this.config.REMINDER_HOURS_BEFORE, new Date());
    // False when a newer version of a booking not seen before was written since the lock (another replica).
    if (!(await this.bookings.save(tx, booking, reminder?.dueAt ?? null))) return 'stale';
    const moved = !previous || previous.status !== booking.status || previous.pickupAt.toISOString() !== booking.pickupAt;
    if (moved) await this.reminders.sync(booking.id, reminder);
    return previous;
  }

  async received(change: BookingChange): Promise<void> {
    await this.track(change);
    await this.send(change, 'booking-received', { vehicle: await this.chauffeurs.vehicleName(change.booking.vehicleId) });
  }

  /** An edit (admin or customer): the customer hears what changed in their ride, if anything did. */
  async updated(change: BookingChange): Promise<void> {
    await this.tellChanges(change, await this.track(change));
  }

  async statusChanged(change: BookingChange): Promise<void> {
    const previous = await this.track(change);
    if (change.booking.status === 'cancelled') await this.send(change, 'booking-cancelled');
    // An edit may move the status and the ride at once: one event, and the ride's change is still news.
    else await this.tellChanges(change, previous);
  }

  /**
   * The 'updated' message, from the difference between the version this service last applied
   * and the event's: keyed by the event like every message, so it goes at most once, and a
   * redelivered or out-of-date event (stale) sends nothing.
   */
  private async tellChanges(change: BookingChange, previous: AppliedBooking | null | 'stale'): Promise<void> {
    const { booking } = change;
    if (previous === 'stale' || previous === null || !UPCOMING.has(booking.status)) return;
    const vehicles = await this.chauffeurs.vehicleNames();
    const changes = rideChanges(previous.snapshot, booking, vehicles);
    if (changes.length === 0) return;
    await this.send(change, 'booking-updated', { vehicle: vehicleText(booking.vehicleId, vehicles), changes });
  }

  /** The driver accepted: the booking is confirmed, with who is driving and in what. */
  async confirmed(change: BookingChange & { accepted: boolean }): Promise<void> {
    await this.track(change);
    const { booking } = change;
    if (!change.accepted || booking.driverId === null) return;
    await this.send(change, 'booking-confirmed', { chauffeur: await this.chauffeurs.lookup(booking.driverId, booking.vehicleId) });
  }

  async onTheWay(change: BookingChange & { driverStatus: string }): Promise<void> {
    await this.track(change);
    const { booking } = change;
    if (change.driverStatus !== 'en-route' || booking.driverId === null) return;
    await this.send(change, 'chauffeur-on-the-way', { chauffeur: await this.chauffeurs.lookup(booking.driverId, booking.vehicleId) }, this.links.tracking(booking));
  }

  /** An admin reviewed the ride's final price: the customer's receipt (a corrected one after an adjustment of an approved ride). */
  async receipt(change: BookingChange & { receipt: NonNullable<MessageFacts['receipt']> }): Promise<void> {
    await this.track(change);
    await this.send(change, 'ride-receipt', { receipt: change.receipt });
  }

  private async send({ tx, eventId, booking, occurredAt }: BookingChange, kind: BookingMessageKind, facts: Omit<MessageFacts, 'booking' | 'links'> = {}, track?: string): Promise<void> {
    // A receipt is still true however late it goes out (after an outage); news of the ride is not.
    if (kind !== 'ride-receipt' && tooOldToTell(occurredAt, this.config.MESSAGE_MAX_EVENT_AGE_MINUTES)) {
      this.log.warn(`${kind} for ${booking.reference} not sent: its event ${eventId} is from ${occurredAt}, too old to tell the customer now`);
      return;
    }
    return this.queueMessages.queue(tx, eventId, kind, { ...facts, booking, links: { ...this.links.forBooking(booking), track } });
  }
}
