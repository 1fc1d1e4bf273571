import { defineEvent } from '../common/messages.js';
import { Vehicle } from './http.js';

export const fleetEvents = {
  vehicleCreated: defineEvent('fleet.vehicle.created.v1', Vehicle),
  vehicleUpdated: defineEvent('fleet.vehicle.updated.v1', Vehicle),
};
