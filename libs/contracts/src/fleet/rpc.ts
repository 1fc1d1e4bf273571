import { z } from 'zod';
import { defineRpc } from '../common/messages.js';
import { Vehicle, VehicleCreate, VehicleCreateV1, VehicleUpdate, VehicleUpdateV1 } from './http.js';

const VehicleId = z.number().int().positive();

export const fleetRpc = {
  listVehicles: defineRpc('fleet.vehicles.list.v1', z.object({}).strict(), z.array(Vehicle)),
  createVehicle: defineRpc('fleet.vehicles.create.v2', VehicleCreate, Vehicle),
  updateVehicle: defineRpc('fleet.vehicles.update.v2', z.object({ id: VehicleId, changes: VehicleUpdate }).strict(), Vehicle),
  /** v1 (no luggage capacity) stays answered for gateways of the previous release. */
  createVehicleV1: defineRpc('fleet.vehicles.create.v1', VehicleCreateV1, Vehicle),
  updateVehicleV1: defineRpc('fleet.vehicles.update.v1', z.object({ id: VehicleId, changes: VehicleUpdateV1 }).strict(), Vehicle),
};

