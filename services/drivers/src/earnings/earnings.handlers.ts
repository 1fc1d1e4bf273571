import { Controller } from '@nestjs/common';
import { driversRpc } from '@limo/contracts';
import { OnRpc, type RpcRequest } from '@limo/messaging';
import { DriverEarningsQueries } from './driver-earnings.queries.js';

@Controller()
export class EarningsHandlers {
  constructor(private readonly queries: DriverEarningsQueries) {}

  @OnRpc(driversRpc.currentShift)
  currentShift({ driverId }: RpcRequest<typeof driversRpc.currentShift>) {
    return this.queries.currentShift(driverId);
  }

  @OnRpc(driversRpc.revenue)
  revenue({ driverId, ...query }: RpcRequest<typeof driversRpc.revenue>) {
    return this.queries.report(driverId, query);
  }
}
