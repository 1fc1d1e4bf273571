import { Injectable, Logger } from '@nestjs/common';
import { fleetRpc } from '@limo/contracts';
import { RpcClient } from '@limo/messaging';

const CACHE_MS = 60_000;

/**
 * Vehicle names for the pending-request list, asked of the fleet service over NATS (booking
 * never reads fleet's tables). Kept a minute; when the fleet cannot answer, names are unknown
 * rather than the list failing.
 */
@Injectable()
export class VehicleNames {
  private readonly log = new Logger('VehicleNames');
  private cached: { at: number; names: Map<number, string> } | undefined;

  constructor(private readonly rpc: RpcClient) {}

  async byId(): Promise<ReadonlyMap<number, string>> {
    if (this.cached && Date.now() - this.cached.at < CACHE_MS) return this.cached.names;
    try {
      const vehicles = await this.rpc.request(fleetRpc.listVehicles, {}, { timeoutMs: 1000 });
      this.cached = { at: Date.now(), names: new Map(vehicles.map((v) => [v.id, v.name])) };
      return this.cached.names;
    } catch (error) {
      this.log.warn(`vehicle names unavailable: ${(error as Error).message}`);
      return this.cached?.names ?? new Map();
    }
  }
}
