import type { Driver, DriverRegistration, DriverUpdate } from '@limo/contracts';

/** The Edit dialog's fields: the driver's details and their car, '' for a plate or colour not set. */
export type DriverForm = DriverRegistration & { vehiclePlate: string; vehicleColour: string };

export const driverFormOf = (d: Driver): DriverForm => ({
  firstName: d.firstName,
  lastName: d.lastName,
  email: d.email,
  phone: d.phone,
  licenseNumber: d.licenseNumber,
  address: d.address,
  vehiclePlate: d.vehiclePlate ?? '',
  vehicleColour: d.vehicleColour ?? '',
});

/** A cleared plate or colour is null once checked, '' in the form: the same "none". */
const same = (a: unknown, b: unknown) => (a ?? '') === (b ?? '');

/** Only the fields the admin changed, or null when nothing changed (no request to send). */
export function changedDriverFields(original: DriverForm, edited: DriverUpdate): DriverUpdate | null {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(edited) as (keyof DriverUpdate)[]) {
    if (edited[key] !== undefined && !same(edited[key], original[key as keyof DriverForm])) changes[key] = edited[key];
  }
  return Object.keys(changes).length ? (changes as DriverUpdate) : null;
}
