import { z } from 'zod';
import { Money } from './money.js';
import { defineEvent, defineRpc } from './messages.js';

export const VehicleCategory = z.enum(['sedan', 'suv', 'limousine', 'party-bus']);
export type VehicleCategory = z.infer<typeof VehicleCategory>;

export const Vehicle = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  category: VehicleCategory,
  description: z.string(),
  capacity: z.number().int().positive(),
  baseRate: Money,
  imageUrl: z.string(),
  features: z.array(z.string()),
  isActive: z.boolean(),
});
export type Vehicle = z.infer<typeof Vehicle>;

export const fleetRpc = {
  listVehicles: defineRpc('fleet.vehicles.list.v1', z.object({}).strict(), z.array(Vehicle)),
};

export const fleetEvents = {
  vehicleCreated: defineEvent('fleet.vehicle.created.v1', Vehicle),
  vehicleUpdated: defineEvent('fleet.vehicle.updated.v1', Vehicle),
};
