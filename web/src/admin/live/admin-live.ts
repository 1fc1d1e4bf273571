import type { QueryKey } from '@tanstack/react-query';
import type { LiveUpdate } from '@limo/contracts/common/live';
import { isDriverOptionsPath } from '../dashboard/dispatch-format';
import { LOCATIONS_KEY, positionOf } from '../live-map/locations-live';

/** What any change of a ride makes out of date on the admin pages (each a key prefix). */
const RIDE_QUERIES = [
  '/api/bookings/pending',
  '/api/admin/notifications',
  '/api/admin/stats',
  '/api/bookings',
  '/api/admin/bookings',
  '/api/admin/revenue/daily',
  '/api/admin/revenue/monthly',
  '/api/admin/revenue/summary',
  '/api/admin/reports',
  '/api/admin/dispatch',
  // A completed airport ride moves a customer's count (once the customers service has applied it).
  '/api/admin/customers',
  // A company's ride booked, cancelled or completed moves its transfers left.
  '/api/admin/companies',
];

/** A company's month views open in the cache (a ride's change moves its transfers, rides and total). */
const companyMonths = (openKeys: QueryKey[]) => openKeys.filter((key) => /^\/api\/admin\/companies\/\d+\/months\//.test(String(key[0])));

/** What a driver's change (duty, registration, edit) makes out of date. */
const DRIVER_QUERIES = ['/api/drivers', '/api/drivers/locations', '/api/admin/stats', '/api/admin/dispatch'];

/**
 * The admin queries a live update affects. `openKeys` are the keys of the queries in the cache:
 * the driver choices of every pending ride (a ride taken or a driver gone off duty changes who is
 * free) are found among them.
 */
export function adminQueriesAffected(update: LiveUpdate, openKeys: QueryKey[]): QueryKey[] {
  const driverOptions = openKeys.filter((key) => isDriverOptionsPath(String(key[0])));
  if (update.type.startsWith('drivers.')) {
    // A position comes every few seconds per driver: only the maps need it, patched from the
    // update itself when it carries the position (patchDriverLocations), else fetched.
    if (update.type.includes('location')) return positionOf(update) ? [] : [LOCATIONS_KEY];
    return [...DRIVER_QUERIES.map((path) => [path]), ...driverOptions];
  }
  if (update.type.startsWith('fleet.')) return [['/api/vehicles'], ['/api/admin/vehicles'], ['/api/admin/reports']];
  const keys: QueryKey[] = [...RIDE_QUERIES.map((path) => [path]), ...driverOptions, ...companyMonths(openKeys)];
  if (update.bookingId) keys.push([`/api/admin/bookings/${update.bookingId}/timeline`]);
  // A completed ride moves its driver's totals and rides count.
  if (update.status === 'completed' || update.driverStatus === 'completed') keys.push(['/api/drivers']);
  return keys;
}

/** After a reconnection: everything the admin pages show. */
export function everyAdminQuery(openKeys: QueryKey[]): QueryKey[] {
  return [...new Set([...RIDE_QUERIES, ...DRIVER_QUERIES])].map((path) => [path] as QueryKey).concat(openKeys.filter((key) => isDriverOptionsPath(String(key[0])) || /\/timeline$/.test(String(key[0]))));
}
