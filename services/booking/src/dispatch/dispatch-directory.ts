import { Injectable } from '@nestjs/common';
import { driversRpc, fleetRpc, type Driver, type Vehicle } from '@limo/contracts';
import { RpcCallError, RpcClient, ServiceError } from '@limo/messaging';

/**
 * What dispatch asks the other services at the moment of assigning: the driver (drivers owns
 * approval and duty) and the vehicle (fleet owns service status and seats). Booking never reads
 * their tables; an unreachable service fails the assignment with its 503 rather than guessing.
 */
@Injectable()
export class DispatchDirectory {
  constructor(private readonly rpc: RpcClient) {}

  async driver(id: number): Promise<Driver | null> {
    try {
      return await this.rpc.request(driversRpc.get, { id });
    } catch (error) {
      if (error instanceof RpcCallError && error.status === 404) return null;
      throw passOn(error);
    }
  }

  async vehicle(id: number): Promise<Vehicle | null> {
    try {
      return (await this.rpc.request(fleetRpc.listVehicles, {})).find((v) => v.id === id) ?? null;
    } catch (error) {
      throw passOn(error);
    }
  }
}

/** A failed call to another service reaches the caller with that service's status and message. */
function passOn(error: unknown): unknown {
  return error instanceof RpcCallError ? new ServiceError(error.status, error.message) : error;
}

export const driverName = (driver: Pick<Driver, 'firstName' | 'lastName'>) => `${driver.firstName} ${driver.lastName}`;
