import type { FlightDelaysRepository } from './flight-delays.repository.js';
import type { FlightQuery, FlightStatus, FlightStatusProvider } from './flight-status.js';

/**
 * The built-in provider (FLIGHT_STATUS_PROVIDER=simulated, the default): every flight lands when
 * the ride expects it (as booked: the pickup less the domestic free-wait start), a domestic
 * flight, unless an operator's "what if" delays it on that date. The demo and the tests delay
 * flights with it; nothing leaves the machine.
 */
export class SimulatedProvider implements FlightStatusProvider {
  constructor(
    private readonly delays: FlightDelaysRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async status(query: FlightQuery): Promise<FlightStatus> {
    const minutes = await this.delays.minutes(query.flightNumber, query.date);
    const scheduledArrival = query.expectedArrival;
    const estimatedArrival = new Date(scheduledArrival.getTime() + minutes * 60_000);
    const state = estimatedArrival <= this.now() ? 'landed' : minutes >= 15 ? 'delayed' : 'scheduled';
    return { state, scheduledArrival, estimatedArrival, international: false };
  }
}
