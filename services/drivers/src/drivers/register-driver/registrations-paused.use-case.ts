import { Injectable } from '@nestjs/common';
import { driverEvents } from '@limo/contracts';
import { Outbox } from '@limo/service-runtime';

/**
 * The gateway refused a self-registration at the hourly limit (a burst of sign-ups): the event
 * puts it among the admin's dashboard alerts (reporting). The gateway asks once per pause.
 */
@Injectable()
export class RegistrationsPaused {
  constructor(private readonly outbox: Outbox) {}

  async execute(pause: { perHour: number; until: string }): Promise<Record<string, never>> {
    await this.outbox.transaction(async (_tx, events) => {
      await events.append(driverEvents.registrationsPaused, 'registrations', pause);
    });
    return {};
  }
}
