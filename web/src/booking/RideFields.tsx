import type { ReactNode } from 'react';
import type { TripType } from '@limo/contracts';
import { businessToday } from './contracts-lite';
import { hourChoices, hoursLabel, TIME_SLOTS } from './time-slots';

/** A labelled field with its inline error below it (red border via aria-invalid). */
export function Field(props: { id: string; label: string; required?: boolean; error?: string; children: ReactNode; hint?: string }) {
  const { id, label, required, error, children, hint } = props;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && <span className="required" aria-hidden="true"> *</span>}
      </label>
      {children}
      {hint && !error && <p className="field-hint">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** ARIA wiring for a control whose Field may show an error. */
export const invalidProps = (id: string, error?: string) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};

export function TripTypeToggle(props: { name: string; value: TripType; onChange: (value: TripType) => void; error?: string }) {
  const options: { value: TripType; label: string }[] = [
    { value: 'one-way', label: 'One Way' },
    { value: 'hourly', label: 'Hourly' },
  ];
  return (
    <fieldset className="field trip-type">
      <legend>Trip Type</legend>
      <div className="segmented">
        {options.map((option) => (
          <label key={option.value} className={props.value === option.value ? 'selected' : undefined}>
            <input
              type="radio"
              name={props.name}
              value={option.value}
              checked={props.value === option.value}
              onChange={() => props.onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {props.error && (
        <p className="field-error" role="alert">
          {props.error}
        </p>
      )}
    </fieldset>
  );
}

/** Pickup date, no earlier than today in Los Angeles. */
export function DateInput(props: { id: string; value: string; onChange: (value: string) => void; error?: string }) {
  return (
    <input
      id={props.id}
      type="date"
      min={businessToday()}
      value={props.value}
      required
      aria-required
      onChange={(event) => props.onChange(event.target.value)}
      {...invalidProps(props.id, props.error)}
    />
  );
}

/** The 48 half-hour slots, shown in 12-hour time. */
export function TimeSelect(props: { id: string; value: string; onChange: (value: string) => void; error?: string }) {
  return (
    <select
      id={props.id}
      value={props.value}
      required
      aria-required
      onChange={(event) => props.onChange(event.target.value)}
      {...invalidProps(props.id, props.error)}
    >
      <option value="">Select time</option>
      {TIME_SLOTS.map((slot) => (
        <option key={slot.value} value={slot.value}>
          {slot.label}
        </option>
      ))}
    </select>
  );
}

/** Whole hours from min to max (the wizard fits a prefilled value into them: fitWizardHours). */
export function HoursSelect(props: { id: string; value: number; min: number; max: number; onChange: (value: number) => void; error?: string }) {
  const choices = hourChoices(props.min, props.max);
  return (
    <select
      id={props.id}
      value={String(props.value)}
      onChange={(event) => props.onChange(Number(event.target.value))}
      {...invalidProps(props.id, props.error)}
    >
      {choices.map((hours) => (
        <option key={hours} value={hours}>
          {hoursLabel(hours)}
        </option>
      ))}
    </select>
  );
}
