import { Controller } from '@nestjs/common';
import { bookingRpc, type FlightDelay } from '@limo/contracts';
import { OnRpc, type RpcRequest } from '@limo/messaging';
import { SetFlightDelay } from './set-flight-delay.use-case.js';

@Controller()
export class FlightsHandlers {
  constructor(private readonly setDelay: SetFlightDelay) {}

  @OnRpc(bookingRpc.setFlightDelay)
  delay(req: RpcRequest<typeof bookingRpc.setFlightDelay>): Promise<FlightDelay> {
    return this.setDelay.execute(req);
  }
}
