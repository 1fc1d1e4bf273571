import type { EventContract, RpcContract } from './common/messages.js';
import { healthRpc } from './common/health.js';
import { bookingEvents } from './booking/events.js';
import { bookingRpc } from './booking/rpc.js';
import { driverEvents } from './drivers/events.js';
import { driversRpc } from './drivers/rpc.js';
import { fleetEvents } from './fleet/events.js';
import { fleetRpc } from './fleet/rpc.js';
import { adminRpc, reportingRpc } from './reporting/rpc.js';
import { notificationsRpc } from './notifications/rpc.js';
import { customerEvents } from './customers/events.js';
import { companiesRpc, customersRpc } from './customers/rpc.js';

/** Every service name; each owns one Postgres schema and one health subject. */
export const SERVICES = ['booking', 'drivers', 'fleet', 'reporting', 'notifications', 'customers'] as const;
export type ServiceName = (typeof SERVICES)[number];

/** Every request/reply contract: the RPC transport refuses a handler whose subject is not here. */
export const ALL_RPC: readonly RpcContract[] = [
  ...Object.values(fleetRpc),
  ...Object.values(reportingRpc),
  ...Object.values(driversRpc),
  ...Object.values(adminRpc),
  ...Object.values(bookingRpc),
  ...Object.values(notificationsRpc),
  ...Object.values(customersRpc),
  ...Object.values(companiesRpc),
  ...SERVICES.map((service) => healthRpc(service)),
];
/** Every event contract: consumers terminate a message whose type is not here. */
export const ALL_EVENTS: readonly EventContract[] = [...Object.values(fleetEvents), ...Object.values(bookingEvents), ...Object.values(driverEvents), ...Object.values(customerEvents)];

export const rpcBySubject = new Map(ALL_RPC.map((c) => [c.subject, c]));
export const eventByType = new Map(ALL_EVENTS.map((c) => [c.type, c]));
