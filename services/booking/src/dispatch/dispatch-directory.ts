import { Injectable } from '@nestjs/common';
import { driversRpc, type Driver, type Vehicle } from '@limo/contracts';
import { RESEND_AFTER_MS, RpcCallError, RpcClient, ServiceError } from '@limo/messaging';
import { FleetVehicles } from '../fleet/fleet-vehicles.js';

/**
 * What dispatch asks the other services at the moment of assigning: the driver (drivers owns
 * approval and duty), asked every time; an unreachable drivers service fails the assignment with
 * its 503 rather than guessing. The vehicle (fleet owns service status and seats) is read from
 * the fleet list this replica keeps, as a new booking's is: a vehicle taken out of service or
 * re-seated is seen when its fleet event drops the list (milliseconds; at most 30 s if events
 * stopped), and the fleet service is asked when the list is not kept or lacks the vehicle.
 */
@Injectable()
export class DispatchDirectory {
  constructor(
    private readonly rpc: RpcClient,
    private readonly fleet: FleetVehicles,
  ) {}

  async driver(id: number): Promise<Driver | null> {
    try {
      return await this.rpc.request(driversRpc.get, { id }, { resendAfterMs: RESEND_AFTER_MS });
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
  return error instanceof RpcCallError ? new ServiceError(error.status, error.message, error.errors) : error;
}

export const driverName = (driver: Pick<Driver, 'firstName' | 'lastName'>) => `${driver.firstName} ${driver.lastName}`;
