import { Injectable } from '@nestjs/common';
import { driversRpc, fleetRpc } from '@limo/contracts';
import { RpcClient } from '@limo/messaging';
import type { Chauffeur } from '../messages/compose-message.js';
import { vehicleText, type VehicleNames } from '../messages/ride-changes.js';

/**
 * The chauffeur's first name and the vehicles' names, asked of drivers and fleet by RPC when the
 * message is written: booking events carry only ids (names belong to those services), and a
 * failed call fails the event's handler, which is retried with backoff, so the message waits
 * rather than going out without them.
 */
@Injectable()
export class ChauffeurDirectory {
  constructor(private readonly rpc: RpcClient) {}

  async lookup(driverId: number, vehicleId: number | null): Promise<Chauffeur> {
    const [driver, vehicles] = await Promise.all([this.rpc.request(driversRpc.get, { id: driverId }), this.vehicleNames()]);
    return { firstName: driver.firstName, vehicle: vehicleId === null ? 'your vehicle' : (vehicles.get(vehicleId) ?? 'your vehicle') };
  }

  async vehicleNames(): Promise<VehicleNames> {
    const vehicles = await this.rpc.request(fleetRpc.listVehicles, {});
    return new Map(vehicles.map((v) => [v.id, v.name]));
  }

  async vehicleName(vehicleId: number | null): Promise<string> {
    return vehicleText(vehicleId, await this.vehicleNames());
  }
}
