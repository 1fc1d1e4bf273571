import { Inject, Injectable } from '@nestjs/common';
import { fleetEvents, type Vehicle, type VehicleCreate, type VehicleUpdate } from '@limo/contracts';
import { appendToOutbox } from '@limo/database';
import { conflict, notFound } from '@limo/messaging';
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

  /** Add Vehicle: the vehicle and its `vehicle.created` event commit together. Names are unique. */
  async create(input: VehicleCreate): Promise<Vehicle> {
    const created = await this.db
      .$transaction(async (tx) => {
        await assertNameFree(tx, input.name);
        const row = toVehicle(await tx.vehicle.create({ data: input }));
        await appendToOutbox(tx, fleetEvents.vehicleCreated, row.id, row);
        return row;
      })
      .catch(duplicateNameAsConflict);
    this.runtime.relay.nudge();
    return created;
  }

  /** Edit and Settings (activate/deactivate): only the fields given change. */
  async update(id: number, changes: VehicleUpdate): Promise<Vehicle> {
    const updated = await this.db
      .$transaction(async (tx) => {
        const locked = await tx.$queryRawUnsafe<{ id: number }[]>(`SELECT id FROM vehicles WHERE id = $1 FOR UPDATE`, id);
        if (locked.length === 0) throw notFound(`Vehicle ${id} not found`);
        if (changes.name !== undefined) await assertNameFree(tx, changes.name, id);
        const row = toVehicle(await tx.vehicle.update({ where: { id }, data: changes }));
        await appendToOutbox(tx, fleetEvents.vehicleUpdated, row.id, row);
        return row;
      })
      .catch(duplicateNameAsConflict);
    this.runtime.relay.nudge();
    return updated;
  }
}

const DUPLICATE_NAME = 'A vehicle with this name already exists';

async function assertNameFree(tx: Pick<FleetDb, 'vehicle'>, name: string, exceptId?: number): Promise<void> {
  const other = await tx.vehicle.findUnique({ where: { name }, select: { id: true } });
  if (other && other.id !== exceptId) throw conflict(DUPLICATE_NAME);
}

/** Two creates racing past the check still meet the unique index: a 409 as well. */
function duplicateNameAsConflict(error: unknown): never {
  if ((error as { code?: string })?.code === 'P2002') throw conflict(DUPLICATE_NAME);
  throw error;
}
