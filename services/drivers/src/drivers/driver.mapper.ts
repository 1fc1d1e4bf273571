import { Driver, DriverLocation, DriverSnapshot } from '@limo/contracts';
import type { Driver as DriverRow } from '../generated/prisma/client.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Row to the admin's view: decimals as exact strings, never the password hash. */
export function toDriver(row: DriverRow): Driver {
  return Driver.parse({
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    username: row.username,
    email: row.email,
    phone: row.phone,
    licenseNumber: row.licenseNumber,
    address: row.address,
    isActive: row.isActive,
    isOnDuty: row.isOnDuty,
    currentShiftStart: iso(row.currentShiftStart),
    totalEarnings: row.totalEarnings.toFixed(2),
    rating: row.rating.toFixed(2),
    totalRides: row.totalRides,
    currentLatitude: row.currentLatitude?.toFixed(8) ?? null,
    currentLongitude: row.currentLongitude?.toFixed(8) ?? null,
    lastLocationUpdate: iso(row.lastLocationUpdate),
    locationPermissionGranted: row.locationPermissionGranted,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    vehiclePlate: row.vehiclePlate,
    vehicleColour: row.vehicleColour,
    photoVersion: row.photoVersion,
  });
}

export function toDriverLocation(row: DriverRow): DriverLocation {
  return DriverLocation.parse(toDriver(row));
}

export function toDriverSnapshot(row: DriverRow): DriverSnapshot {
  return DriverSnapshot.parse({
    id: row.id,
    version: row.version,
    firstName: row.firstName,
    lastName: row.lastName,
    username: row.username,
    isActive: row.isActive,
    isOnDuty: row.isOnDuty,
    rating: row.rating.toFixed(2),
    totalRides: row.totalRides,
    updatedAt: row.updatedAt.toISOString(),
  });
}
