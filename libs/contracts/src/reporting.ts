import { z } from 'zod';
import { defineRpc } from './messages.js';

export const FleetSummary = z.object({
  totalVehicles: z.number().int().nonnegative(),
  activeVehicles: z.number().int().nonnegative(),
});
export type FleetSummary = z.infer<typeof FleetSummary>;

export const reportingRpc = {
  fleetSummary: defineRpc('reporting.fleet.summary.v1', z.object({}).strict(), FleetSummary),
};
