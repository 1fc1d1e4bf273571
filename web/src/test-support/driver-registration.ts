import type { DriverRegistration } from '@limo/contracts';
import type { UserEvent } from '@testing-library/user-event';
import { field } from './form-fields';

const LABELS: Record<keyof DriverRegistration, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email Address',
  phone: 'Phone Number',
  licenseNumber: "Driver's License Number",
  address: 'Home Address',
};

/** A registration the form accepts. */
export const validDriver: DriverRegistration = {
  firstName: 'John',
  lastName: 'Smith',
  email: 'john.smith@example.com',
  phone: '(310) 555-1234',
  licenseNumber: 'D1234567',
  address: '1 Main St, Los Angeles, CA',
};

/** Types each field of the driver registration form, `validDriver` but for the values given. */
export async function fillDriverForm(user: UserEvent, values: Partial<DriverRegistration> = {}): Promise<void> {
  const filled = { ...validDriver, ...values };
  for (const name of Object.keys(LABELS) as (keyof DriverRegistration)[]) await user.type(field(LABELS[name]), filled[name]);
}
