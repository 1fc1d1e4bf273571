import { Injectable } from '@nestjs/common';
import { fleetRpc, type Vehicle } from '@limo/contracts';
import { RpcCallError, RpcClient, ServiceError } from '@limo/messaging';

/**
 * The fleet as the fleet service has it now (which vehicles are in service, seats, rates): asked
 * for every booking and re-pricing rather than cached, so a vehicle taken out of service is
 * refused at once. An unreachable fleet fails the call with its status rather than guessing.
 */
@Injectable()
export class FleetVehicles {
  constructor(private readonly rpc: RpcClient) {}

  async list(): Promise<Vehicle[]> {
    try {
      return await this.rpc.request(fleetRpc.listVehicles, {});
    } catch (error) {
      throw error instanceof RpcCallError ? new ServiceError(error.status, error.message) : error;
    }
  }
}
