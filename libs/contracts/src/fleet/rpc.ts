import { z } from 'zod';
import { defineRpc } from '../common/messages.js';
import { Vehicle, VehicleCreate, VehicleUpdate } from './http.js';

export const fleetRpc = {
  listVehicles: defineRpc('fleet.vehicles.list.v1', z.object({}).strict(), z.array(Vehicle)),
  createVehicle: defineRpc('fleet.vehicles.create.v1', VehicleCreate, Vehicle),
  updateVehicle: defineRpc(
    'fleet.vehicles.update.v1',
    z.object({ id: z.number().int().positive(), changes: VehicleUpdate }).strict(),
    Vehicle,
  ),
};

