import { DriverRegistration } from '@limo/contracts';

export const REGISTRATION_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'licenseNumber', 'address'] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];
export type RegistrationValues = Record<RegistrationField, string>;
export type RegistrationErrors = Partial<Record<RegistrationField, string>>;

export const EMPTY_REGISTRATION: RegistrationValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  licenseNumber: '',
  address: '',
};

/**
 * Checks the form with the shared driver schema (the one the gateway validates with): either the
 * cleaned payload, or the first message per field.
 */
export function validateRegistration(values: RegistrationValues): { ok: true; data: DriverRegistration } | { ok: false; errors: RegistrationErrors } {
  const result = DriverRegistration.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: RegistrationErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as RegistrationField;
    if (REGISTRATION_FIELDS.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
