import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EventOf } from '@limo/messaging';
import type { driverEvents } from '@limo/contracts';
import { SERVICE_CONFIG } from '@limo/service-runtime';
import { alreadyRegisteredEmail } from '../messages/driver-messages.js';
import { tooOldToTell } from '../messages/event-age.js';
import { QueueMessages } from '../messages/queue-messages.js';
import type { NotificationsConfig } from '../notifications.config.js';
import type { NotificationsTx } from '../notifications.tx.js';

/** A drivers' event as this use case needs it. */
export interface DriverNotice {
  eventId: string;
  occurredAt: string;
  driver: EventOf<typeof driverEvents.registrationRepeated>['data'];
  tx: NotificationsTx;
}

/** Emails to drivers, queued in their event's transaction as the customers' are. */
@Injectable()
export class NotifyDriver {
  private readonly log = new Logger('NotifyDriver');

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: NotificationsConfig,
    private readonly queueMessages: QueueMessages,
  ) {}

  async alreadyRegistered({ eventId, occurredAt, driver, tx }: DriverNotice): Promise<void> {
    if (tooOldToTell(occurredAt, this.config.MESSAGE_MAX_EVENT_AGE_MINUTES)) {
      this.log.warn(`driver-already-registered for ${driver.username} not sent: its event ${eventId} is from ${occurredAt}, too old to tell now`);
      return;
    }
    const signIn = `${this.config.PUBLIC_BASE_URL.replace(/\/$/, '')}/login`;
    await this.queueMessages.queueToDriver(tx, eventId, driver, alreadyRegisteredEmail(driver, signIn));
  }
}
