import { fleetEvents, type EventEnvelope, type Vehicle } from '@limo/contracts';
import type { EventHandler } from '@limo/messaging';
import type { ReportingDb } from '../reporting.db.js';
import { enterProjectionWrite, lockAggregate } from '../projections/projection-locks.js';

type Tx = Pick<ReportingDb, 'fleetVehicle' | '$executeRawUnsafe' | '$queryRawUnsafe'>;

/**
 * Keeps `fleet_vehicles` in step with fleet events. Each event carries the whole vehicle, and a
 * row only moves forward in time, so events applied late or out of order cannot roll it back.
 */
async function upsertVehicle(envelope: EventEnvelope<Vehicle>, tx: Tx): Promise<void> {
  const vehicle = envelope.data;
  const at = new Date(envelope.occurredAt);
  await enterProjectionWrite(tx);
  await lockAggregate(tx, 'vehicle', vehicle.id);
  const existing = await tx.fleetVehicle.findUnique({ where: { vehicleId: vehicle.id } });
  if (existing && existing.updatedAt > at) return;
  const row = { name: vehicle.name, category: vehicle.category, capacity: vehicle.capacity, isActive: vehicle.isActive, updatedAt: at };
  await tx.fleetVehicle.upsert({ where: { vehicleId: vehicle.id }, create: { vehicleId: vehicle.id, ...row }, update: row });
}

export const fleetProjectionHandlers: Record<string, EventHandler> = {
  [fleetEvents.vehicleCreated.type]: upsertVehicle,
  [fleetEvents.vehicleUpdated.type]: upsertVehicle,
};

export async function fleetSummary(db: Pick<ReportingDb, 'fleetVehicle'>) {
  const [totalVehicles, activeVehicles] = await Promise.all([
    db.fleetVehicle.count(),
    db.fleetVehicle.count({ where: { isActive: true } }),
  ]);
  return { totalVehicles, activeVehicles };
}
