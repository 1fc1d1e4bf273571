import type { ReactNode } from 'react';
import type { TripType } from '@limo/contracts';
import { bagsText } from './contracts-lite';
import { earliestPickup, hourChoices, hoursLabel, pickupTimeMessages, slotsOn } from './time-slots';

/** A labelled field with its inline error below it (red border via aria-invalid); a live hint is read out as it changes. */
export function Field(props: { id: string; label: string; required?: boolean; error?: string; children: ReactNode; hint?: string; liveHint?: boolean }) {
  const { id, label, required, error, children, hint, liveHint } = props;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && <span className="required" aria-hidden="true"> *</span>}
      </label>
      {children}
      {/* A live hint's region is there from the start, empty: many screen readers do not read out a region that appears with its text. */}
      {liveHint ? (
        <p id={`${id}-hint`} className="field-hint" role="status">
          {hint && !error ? hint : ''}
        </p>
      ) : (
        hint &&
        !error && (
          <p id={`${id}-hint`} className="field-hint">
            {hint}
          </p>
        )
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** ARIA wiring for a control whose Field may show an error, or else a hint. */
export const invalidProps = (id: string, error?: string, hint?: string) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : hint ? { 'aria-describedby': `${id}-hint` } : {};

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

/** Pickup date, no earlier than the first date with a time past the lead time (tomorrow after 10 PM in Los Angeles). */
export function DateInput(props: { id: string; value: string; onChange: (value: string) => void; error?: string }) {
  return (
    <input
      id={props.id}
      type="date"
      min={earliestPickup().date}
      value={props.value}
      required
      aria-required
      onChange={(event) => props.onChange(event.target.value)}
      {...invalidProps(props.id, props.error)}
    />
  );
}

/** The half-hour slots in 12-hour time: all 48, or on the lead time's date only those past it (its hint says why none). */
export function TimeSelect(props: { id: string; date: string; value: string; onChange: (value: string) => void; error?: string; hint?: string }) {
  const slots = slotsOn(props.date);
  return (
    <select
      id={props.id}
      value={props.value}
      required
      aria-required
      onChange={(event) => props.onChange(event.target.value)}
      {...invalidProps(props.id, props.error, props.hint)}
    >
      <option value="">Select time</option>
      {slots.map((slot) => (
        <option key={slot.value} value={slot.value}>
          {slot.label}
        </option>
      ))}
    </select>
  );
}

/** A pickup time's field: on a date with no time left, a hint read out as it appears says why and the earliest pickup. */
export function PickupTimeField(props: { id: string; label: string; date: string; value: string; onChange: (value: string) => void; error?: string }) {
  const { id, label, date, value, onChange } = props;
  const { hint, error } = pickupTimeMessages(date, props.error);
  return (
    <Field id={id} label={label} required error={error} hint={hint} liveHint>
      <TimeSelect id={id} date={date} value={value} onChange={onChange} error={error} hint={hint} />
    </Field>
  );
}

/** A select of whole numbers from min to max, each written by `label`. */
function NumberSelect(props: { id: string; value: number; choices: number[]; label: (n: number) => string; onChange: (value: number) => void; error?: string }) {
  return (
    <select
      id={props.id}
      value={String(props.value)}
      onChange={(event) => props.onChange(Number(event.target.value))}
      {...invalidProps(props.id, props.error)}
    >
      {props.choices.map((n) => (
        <option key={n} value={n}>
          {props.label(n)}
        </option>
      ))}
    </select>
  );
}

/** Whole hours from min to max (the wizard fits a prefilled value into them: fitWizardHours). */
export function HoursSelect(props: { id: string; value: number; min: number; max: number; onChange: (value: number) => void; error?: string }) {
  return <NumberSelect {...props} choices={hourChoices(props.min, props.max)} label={hoursLabel} />;
}

export const passengersLabel = (count: number) => `${count} ${count === 1 ? 'passenger' : 'passengers'}`;

/** Suitcases: none up to what the largest vehicle in service holds. */
export function LuggageSelect(props: { id: string; value: number; max: number; onChange: (value: number) => void; error?: string }) {
  return <NumberSelect {...props} choices={hourChoices(0, Math.max(props.max, props.value, 0))} label={bagsText} />;
}

/** How many ride: 1 to what the largest vehicle in service seats. */
export function PassengersSelect(props: { id: string; value: number; max: number; onChange: (value: number) => void; error?: string }) {
  return <NumberSelect {...props} choices={hourChoices(1, Math.max(props.max, props.value, 1))} label={passengersLabel} />;
}
