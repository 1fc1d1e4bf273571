import { Vehicle } from '@limo/contracts';
import type { Vehicle as VehicleRow } from '../generated/prisma/client.js';

/** Row to contract shape; the Decimal goes out as its exact two-decimal string. */
export function toVehicle(row: VehicleRow): Vehicle {
  return Vehicle.parse({
    id: row.id,
    name: row.name,
    category: row.category,
    description: row.description,
    capacity: row.capacity,
    luggageCapacity: row.luggageCapacity,
    baseRate: row.baseRate.toFixed(2),
    imageUrl: row.imageUrl,
    features: row.features,
    isActive: row.isActive,
  });
}
