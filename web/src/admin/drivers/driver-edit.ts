import type { DriverRegistration, DriverUpdate } from '@limo/contracts';

export type DriverForm = DriverRegistration;

export const driverFormOf = (d: DriverForm): DriverForm => ({
  firstName: d.firstName,
  lastName: d.lastName,
  email: d.email,
  phone: d.phone,
  licenseNumber: d.licenseNumber,
  address: d.address,
});

/** Only the fields the admin changed, or null when nothing changed (no request to send). */
export function changedDriverFields(original: DriverForm, edited: Partial<DriverForm>): DriverUpdate | null {
  const changes: Partial<DriverForm> = {};
  for (const key of Object.keys(edited) as (keyof DriverForm)[]) {
    if (edited[key] !== original[key]) changes[key] = edited[key];
  }
  return Object.keys(changes).length ? (changes as DriverUpdate) : null;
}
