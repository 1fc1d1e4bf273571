import { Injectable } from '@nestjs/common';
import { fleetEvents, type Vehicle, type VehicleCreate, type VehicleUpdate } from '@limo/contracts';
import { notFound, ServiceError } from '@limo/messaging';
import { Outbox } from '@limo/service-runtime';
import { VehiclesRepository, type FleetTx, type NewVehicle } from './vehicles.repository.js';

const DUPLICATE_NAME = 'A vehicle with this name already exists';
/** The 409 of a name another vehicle has: it names the field, so the form shows it under Name. */
const duplicateName = () => new ServiceError(409, DUPLICATE_NAME, [{ path: 'name', message: DUPLICATE_NAME }]);

/**
 * Add Vehicle, Edit and Settings: each change commits with its `vehicle.*` event. Names are unique
 * whatever their case, and kept as typed.
 */
@Injectable()
export class VehicleCatalog {
  constructor(
    private readonly outbox: Outbox,
    private readonly vehicles: VehiclesRepository,
  ) {}

  async add(input: VehicleCreate): Promise<Vehicle> {
    return this.outbox
      .transaction(async (tx: FleetTx, events) => {
        await this.assertNameFree(tx, input.name);
        const vehicle = await this.vehicles.insert(tx, input);
        await events.append(fleetEvents.vehicleCreated, vehicle.id, vehicle);
        return vehicle;
      })
      .catch(duplicateNameAsConflict);
  }

  /** Only the fields given change. */
  async edit(id: number, changes: VehicleUpdate): Promise<Vehicle> {
    return this.outbox
      .transaction(async (tx: FleetTx, events) => {
        if (!(await this.vehicles.lock(tx, id))) throw notFound(`Vehicle ${id} not found`);
        if (changes.name !== undefined) await this.assertNameFree(tx, changes.name, id);
        const vehicle = await this.vehicles.update(tx, id, changes);
        await events.append(fleetEvents.vehicleUpdated, vehicle.id, vehicle);
        return vehicle;
      })
      .catch(duplicateNameAsConflict);
  }

  /**
   * Adds the vehicles whose names are not in the fleet yet, each with its `vehicle.created`
   * event. The transaction-scoped lock makes replicas seeding at once add each vehicle once.
   */
  async addMissing(vehicles: NewVehicle[]): Promise<Vehicle[]> {
    return this.outbox.transaction(async (tx: FleetTx, events) => {
      await this.vehicles.lockSeeding(tx);
      const added: Vehicle[] = [];
      for (const vehicle of vehicles) {
        // An admin may have renamed a demo vehicle to another case of its name: it is still there.
        if ((await this.vehicles.idByName(tx, vehicle.name)) !== undefined) continue;
        const row = await this.vehicles.insert(tx, vehicle);
        await events.append(fleetEvents.vehicleCreated, row.id, row);
        added.push(row);
      }
      return added;
    });
  }

  private async assertNameFree(tx: FleetTx, name: string, exceptId?: number): Promise<void> {
    const other = await this.vehicles.idByName(tx, name);
    if (other !== undefined && other !== exceptId) throw duplicateName();
  }
}

/** Two writes racing past the check still meet the unique index on lower(name): a 409 as well. */
function duplicateNameAsConflict(error: unknown): never {
  if ((error as { code?: string })?.code === 'P2002') throw duplicateName();
  throw error;
}
