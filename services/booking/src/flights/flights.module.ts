import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { SERVICE_CONFIG } from '@limo/service-runtime';
import type { BookingConfig } from '../booking.config.js';
import { RidesModule } from '../rides/rides.module.js';
import { AeroApiProvider } from './aeroapi.provider.js';
import { FlightDelaysRepository } from './flight-delays.repository.js';
import { FlightPollSchedule, FlightPollWorker, FLIGHTS_QUEUE } from './flight-polling.jobs.js';
import { FlightSettings } from './flight-settings.js';
import { FLIGHT_STATUS_PROVIDER } from './flight-status.js';
import { FlightsHandlers } from './flights.handlers.js';
import { FollowFlights } from './follow-flights.use-case.js';
import { SetFlightDelay } from './set-flight-delay.use-case.js';
import { SimulatedProvider } from './simulated.provider.js';

/** Arriving flights followed (decisions.md, "Airport rides"): the status provider, the poll, the simulated provider's what-if. */
@Module({
  imports: [RidesModule, BullModule.registerQueue({ name: FLIGHTS_QUEUE })],
  controllers: [FlightsHandlers],
  providers: [
    {
      provide: FLIGHT_STATUS_PROVIDER,
      inject: [SERVICE_CONFIG, FlightDelaysRepository],
      useFactory: (config: BookingConfig, delays: FlightDelaysRepository) =>
        config.FLIGHT_STATUS_PROVIDER === 'aeroapi'
          ? new AeroApiProvider({
              baseUrl: config.AEROAPI_URL,
              apiKey: config.AEROAPI_KEY ?? '',
              timeoutMs: config.AEROAPI_TIMEOUT_MS,
              retries: config.AEROAPI_RETRIES,
              backoffMs: config.AEROAPI_BACKOFF_MS,
              budgetMs: Math.min(config.AEROAPI_RETRY_BUDGET_MS, config.FLIGHT_POLL_SECONDS * 250),
            })
          : new SimulatedProvider(delays),
    },
    FlightDelaysRepository,
    FlightSettings,
    FollowFlights,
    SetFlightDelay,
    FlightPollSchedule,
    FlightPollWorker,
  ],
})
export class FlightsModule {}
