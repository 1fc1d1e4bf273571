import { Controller } from '@nestjs/common';
import { bookingRpc } from '@limo/contracts';
import { OnRpc, type RpcRequest } from '@limo/messaging';
import { ReservationHolders } from './reservation-holders.js';

@Controller()
export class ReservationHoldersHandlers {
  constructor(private readonly holders: ReservationHolders) {}

  @OnRpc(bookingRpc.reservationHolders)
  reservationHolders(query: RpcRequest<typeof bookingRpc.reservationHolders>) {
    return this.holders.find(query);
  }
}
