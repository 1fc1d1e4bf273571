import type { DriverRegistration, DriverUpdate } from '@limo/contracts';

export type DriverForm = DriverRegistration;

/** Only the fields the admin changed, or null when nothing changed (no request to send). */
export function changedDriverFields(original: DriverForm, edited: DriverForm): DriverUpdate | null {
  const changes: Partial<DriverForm> = {};
  for (const key of Object.keys(edited) as (keyof DriverForm)[]) {
    if (edited[key] !== original[key]) changes[key] = edited[key];
  }
  return Object.keys(changes).length ? (changes as DriverUpdate) : null;
}
