import { Injectable } from '@nestjs/common';
import { driversRpc, fleetRpc } from '@limo/contracts';
import { RpcClient } from '@limo/messaging';
import type { Chauffeur } from '../messages/compose-message.js';

/**
 * The chauffeur's first name and car, asked of drivers and fleet by RPC when the message is
 * written: booking events carry only ids (names belong to those services), and a failed call
 * fails the event's handler, which is retried with backoff, so the message waits rather than
 * going out without them.
 */
@Injectable()
export class ChauffeurDirectory {
  constructor(private readonly rpc: RpcClient) {}

  async lookup(driverId: number, vehicleId: number | null): Promise<Chauffeur> {
    const [driver, vehicles] = await Promise.all([this.rpc.request(driversRpc.get, { id: driverId }), this.rpc.request(fleetRpc.listVehicles, {})]);
    const vehicle = vehicles.find((v) => v.id === vehicleId);
    return { firstName: driver.firstName, vehicle: vehicle?.name ?? 'your vehicle' };
  }
}
