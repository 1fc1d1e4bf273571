import { Inject, Injectable } from '@nestjs/common';
import type { Actor, FlightDelay } from '@limo/contracts';
import { conflict } from '@limo/messaging';
import { SERVICE_CONFIG } from '@limo/service-runtime';
import type { BookingConfig } from '../booking.config.js';
import { FlightDelaysRepository } from './flight-delays.repository.js';

/**
 * The operator's "what if" for the simulated provider: the flight lands `minutes` late on `date`,
 * and its upcoming rides are asked again at the next poll. Refused (409) while the real provider
 * answers, where it would change nothing.
 */
@Injectable()
export class SetFlightDelay {
  private readonly simulated: boolean;

  constructor(
    private readonly delays: FlightDelaysRepository,
    @Inject(SERVICE_CONFIG) config: BookingConfig,
  ) {
    this.simulated = config.FLIGHT_STATUS_PROVIDER === 'simulated';
  }

  async execute({ flightNumber, date, minutes, actor }: { flightNumber: string; date: string; minutes: number; actor: Actor }): Promise<FlightDelay> {
    if (!this.simulated) throw conflict('Flight delays can be set only while FLIGHT_STATUS_PROVIDER is simulated');
    const rides = await this.delays.set(flightNumber, date, minutes, actor.name);
    return { flightNumber, date, minutes, rides };
  }
}
