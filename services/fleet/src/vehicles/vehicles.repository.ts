import { Injectable } from '@nestjs/common';
import { LUGGAGE_BY_CATEGORY, type Vehicle, type VehicleCreate, type VehicleUpdate } from '@limo/contracts';
import { PrismaClient, type Prisma } from '../generated/prisma/client.js';
import { toVehicle } from './vehicle.mapper.js';

export type NewVehicle = Omit<Vehicle, 'id' | 'luggageCapacity'> & { luggageCapacity: number };
export type FleetTx = Prisma.TransactionClient;

/** Reads and writes of the vehicles table; rules and events live in VehicleCatalog. */
@Injectable()
export class VehiclesRepository {
  constructor(private readonly db: PrismaClient) {}

  async list(): Promise<Vehicle[]> {
    const rows = await this.db.vehicle.findMany({ orderBy: { id: 'asc' } });
    return rows.map(toVehicle);
  }

  /**
   * The id of the vehicle with this name in any case, if any. Postgres's lower(), not JavaScript's,
   * so that it agrees with the unique index on lower(name).
   */
  async idByName(tx: FleetTx, name: string): Promise<number | undefined> {
    const rows = await tx.$queryRawUnsafe<{ id: number }[]>(`SELECT id FROM vehicles WHERE lower(name) = lower($1)`, name);
    return rows[0]?.id;
  }

  /** A vehicle added without its luggage capacity holds what its category usually does. */
  async insert(tx: FleetTx, vehicle: VehicleCreate | NewVehicle): Promise<Vehicle> {
    const luggageCapacity = vehicle.luggageCapacity ?? LUGGAGE_BY_CATEGORY[vehicle.category];
    return toVehicle(await tx.vehicle.create({ data: { ...vehicle, luggageCapacity } }));
  }

  /** Locks the row for the rest of the transaction; false when there is no such vehicle. */
  async lock(tx: FleetTx, id: number): Promise<boolean> {
    const rows = await tx.$queryRawUnsafe<{ id: number }[]>(`SELECT id FROM vehicles WHERE id = $1 FOR UPDATE`, id);
    return rows.length > 0;
  }

  async update(tx: FleetTx, id: number, changes: VehicleUpdate): Promise<Vehicle> {
    return toVehicle(await tx.vehicle.update({ where: { id }, data: changes }));
  }

  /** A serialising lock for the seeding of replicas that start together. */
  async lockSeeding(tx: FleetTx): Promise<void> {
    await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(hashtext('fleet.seed'))`);
  }
}
