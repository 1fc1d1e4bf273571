import { useId } from 'react';
import type { RegistrationErrors, RegistrationField, RegistrationValues } from './registration-form';

const FIELDS: { name: RegistrationField; label: string; type?: string; autoComplete: string; placeholder: string; wide?: boolean }[] = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name', placeholder: 'John' },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name', placeholder: 'Smith' },
  { name: 'email', label: 'Email Address', type: 'email', autoComplete: 'email', placeholder: 'john.smith@example.com' },
  { name: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'tel', placeholder: '(310) 555-1234' },
  { name: 'licenseNumber', label: "Driver's License Number", autoComplete: 'off', placeholder: 'D1234567', wide: true },
  { name: 'address', label: 'Home Address', autoComplete: 'street-address', placeholder: '123 Main St, Los Angeles, CA 90012', wide: true },
];

/**
 * The six registration fields shared by /admin/register-driver and /driver/register: each with
 * its label, its error beneath it and a red border when invalid.
 */
export function DriverRegistrationFields({
  values,
  errors,
  onChange,
}: {
  values: RegistrationValues;
  errors: RegistrationErrors;
  onChange: (field: RegistrationField, value: string) => void;
}) {
  const id = useId();
  return (
    <div className="registration-grid">
      {FIELDS.map((field) => {
        const inputId = `${id}-${field.name}`;
        const error = errors[field.name];
        return (
          <div key={field.name} className={`field${field.wide ? ' span-2' : ''}`}>
            <label htmlFor={inputId}>
              {field.label} <span className="required" aria-hidden="true">*</span>
            </label>
            <input
              id={inputId}
              name={field.name}
              type={field.type ?? 'text'}
              autoComplete={field.autoComplete}
              placeholder={field.placeholder}
              required
              value={values[field.name]}
              onChange={(e) => onChange(field.name, e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : undefined}
            />
            {error && (
              <p id={`${inputId}-error`} className="field-error">
                {error}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
