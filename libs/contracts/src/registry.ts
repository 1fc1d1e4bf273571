import type { EventContract, RpcContract } from './messages.js';
import { fleetEvents, fleetRpc } from './fleet.js';
import { healthRpc } from './health.js';
import { reportingRpc } from './reporting.js';
import { bookingEvents } from './booking-events.js';
import { driverEvents, driversRpc } from './drivers.js';
import { adminRpc } from './admin.js';
import { bookingSnapshotRpc } from './booking-snapshots.js';
import { bookingRpc } from './booking.js';

/** Every service name; each owns one Postgres schema and one health subject. */
export const SERVICES = ['booking', 'drivers', 'fleet', 'reporting'] as const;
export type ServiceName = (typeof SERVICES)[number];

const allRpc: RpcContract[] = [
  ...Object.values(fleetRpc),
  ...Object.values(reportingRpc),
  ...Object.values(driversRpc),
  ...Object.values(adminRpc),
  ...Object.values(bookingSnapshotRpc),
  ...Object.values(bookingRpc),
  ...SERVICES.map((service) => healthRpc(service)),
];
const allEvents: EventContract[] = [...Object.values(fleetEvents), ...Object.values(bookingEvents), ...Object.values(driverEvents)];

export const rpcBySubject = new Map(allRpc.map((c) => [c.subject, c]));
export const eventByType = new Map(allEvents.map((c) => [c.type, c]));
