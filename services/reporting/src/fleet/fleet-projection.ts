import type { Vehicle } from '@limo/contracts';
import { enterProjectionWrite, lockAggregate } from '../projections/projection-locks.js';
import type { ReportingTx } from '../reporting.tx.js';

/**
 * Keeps `fleet_vehicles` in step with fleet events. Each event carries the whole vehicle, and a
 * row only moves forward in time, so events applied late or out of order cannot roll it back.
 */
export async function applyVehicle(tx: ReportingTx, vehicle: Vehicle, occurredAt: string): Promise<void> {
  const at = new Date(occurredAt);
  await enterProjectionWrite(tx);
  await lockAggregate(tx, 'vehicle', vehicle.id);
  const existing = await tx.fleetVehicle.findUnique({ where: { vehicleId: vehicle.id } });
  if (existing && existing.updatedAt > at) return;
  const row = { name: vehicle.name, category: vehicle.category, capacity: vehicle.capacity, isActive: vehicle.isActive, updatedAt: at };
  await tx.fleetVehicle.upsert({ where: { vehicleId: vehicle.id }, create: { vehicleId: vehicle.id, ...row }, update: row });
}

export async function fleetSummary(db: Pick<ReportingTx, 'fleetVehicle'>) {
  const [totalVehicles, activeVehicles] = await Promise.all([
    db.fleetVehicle.count(),
    db.fleetVehicle.count({ where: { isActive: true } }),
  ]);
  return { totalVehicles, activeVehicles };
}
