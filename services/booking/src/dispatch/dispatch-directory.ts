import { Injectable } from '@nestjs/common';
import { driversRpc, type Driver, type Vehicle } from '@limo/contracts';
import { RpcCallError, RpcClient, ServiceError } from '@limo/messaging';
import { FleetVehicles } from '../bookings/ride-pricing/fleet-vehicles.js';

/**
 * What dispatch asks the other services at the moment of assigning: the driver (drivers owns
 * approval and duty) and the vehicle (fleet owns service status and seats; read from the fleet
 * list this replica keeps and every fleet event drops, as a new booking's vehicle is). Booking
 * never reads their tables; an unreachable service fails the assignment with its 503 rather
 * than guessing.
 */
@Injectable()
export class DispatchDirectory {
  constructor(
    private readonly rpc: RpcClient,
    private readonly fleet: FleetVehicles,
  ) {}

  async driver(id: number): Promise<Driver | null> {
    try {
      return await this.rpc.request(driversRpc.get, { id });
    } catch (error) {
      if (error instanceof RpcCallError && error.status === 404) return null;
      throw passOn(error);
    }
  }

  async vehicle(id: number): Promise<Vehicle | null> {
    // FleetVehicles passes on the fleet service's own status when it has to ask and cannot.
    return this.fleet.vehicle(id);
  }
}

/** A failed call to another service reaches the caller with that service's status and message. */
function passOn(error: unknown): unknown {
  return error instanceof RpcCallError ? new ServiceError(error.status, error.message) : error;
}

export const driverName = (driver: Pick<Driver, 'firstName' | 'lastName'>) => `${driver.firstName} ${driver.lastName}`;
