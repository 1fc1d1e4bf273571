import { useRef, useState } from 'react';
import type { DriverRegistration } from '@limo/contracts';
import { EMPTY_REGISTRATION, validateRegistration, type RegistrationErrors, type RegistrationField } from './registration-form';

/** Form state of a driver registration: values, errors (re-checked as the user fixes them), reset. */
export function useRegistrationForm() {
  const [values, setValues] = useState(EMPTY_REGISTRATION);
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const onChange = (field: RegistrationField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first submit, errors follow the typing so a fixed field clears at once.
    if (submitted) {
      const result = validateRegistration(next);
      setErrors(result.ok ? {} : result.errors);
    }
  };

  /** The payload to send, or null (and the errors shown) when a field is invalid. */
  const check = (): DriverRegistration | null => {
    setSubmitted(true);
    const result = validateRegistration(values);
    if (result.ok) {
      setErrors({});
      return result.data;
    }
    setErrors(result.errors);
    // Once the errors are on screen, take the keyboard to the first one.
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    return null;
  };

  const reset = () => {
    setValues(EMPTY_REGISTRATION);
    setErrors({});
    setSubmitted(false);
  };

  return { values, errors, onChange, check, reset, formRef };
}
