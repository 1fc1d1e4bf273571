import { Inject, Injectable } from '@nestjs/common';
import { fleetEvents, type Vehicle } from '@limo/contracts';
import { appendToOutbox } from '@limo/database';
import { RUNTIME, type ServiceRuntime } from '@limo/service-runtime';
import type { FleetDb } from '../fleet.db.js';
import { toVehicle } from './vehicle.mapper.js';
import type { NewVehicle } from './fleet.seed.js';

@Injectable()
export class VehiclesRepository {
  private readonly db: FleetDb;

  constructor(@Inject(RUNTIME) private readonly runtime: ServiceRuntime<FleetDb>) {
    this.db = runtime.db;
  }

  async list(): Promise<Vehicle[]> {
    const rows = await this.db.vehicle.findMany({ orderBy: { id: 'asc' } });
    return rows.map(toVehicle);
  }

  /**
   * Adds the vehicles whose names are not in the fleet yet, each with its `vehicle.created`
   * event. The transaction-scoped lock makes replicas seeding at once add each vehicle once.
   */
  async addMissing(vehicles: NewVehicle[]): Promise<Vehicle[]> {
    const created = await this.db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(hashtext('fleet.seed'))`);
      const existing = new Set((await tx.vehicle.findMany({ select: { name: true } })).map((v) => v.name));
      const added: Vehicle[] = [];
      for (const vehicle of vehicles.filter((v) => !existing.has(v.name))) {
        const row = toVehicle(await tx.vehicle.create({ data: vehicle }));
        await appendToOutbox(tx, fleetEvents.vehicleCreated, row.id, row);
        added.push(row);
      }
      return added;
    });
    if (created.length > 0) this.runtime.relay.nudge();
    return created;
  }
}
