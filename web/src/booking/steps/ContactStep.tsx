import type { FormFields } from '../../lib/forms/use-schema-form';
import { useAccountPrefill } from '../account-prefill';
import { BOOKING_LIMITS } from '../contracts-lite';
import type { ContactForm } from '../booking-draft';
import { formatMoney } from '../format';
import { Field, invalidProps } from '../RideFields';

export interface ContactStepProps {
  idPrefix: string;
  form: FormFields<ContactForm>;
  /** The extras' prices from the rate table (GET /api/price-guide), once known. */
  extras?: { meetGreet: string; childSeat: string };
}

/** Step 2: who rides (all four marked required, a signed-in customer's filled in) and the optional extras. */
export function ContactStep({ idPrefix, form, extras }: ContactStepProps) {
  useAccountPrefill(form);
  const { values: contact, errors } = form;
  const onChange = form.set;
  const id = (name: string) => `${idPrefix}-${name}`;
  const text = (name: 'firstName' | 'lastName' | 'email' | 'phone', label: string, type: string, autoComplete: string, max: number) => (
    <Field id={id(name)} label={label} required error={errors[name]}>
      <input
        id={id(name)}
        type={type}
        autoComplete={autoComplete}
        maxLength={max}
        required
        aria-required
        value={contact[name]}
        onChange={(event) => onChange(name, event.target.value)}
        {...invalidProps(id(name), errors[name])}
      />
    </Field>
  );
  return (
    <div className="wizard-fields" ref={form.ref}>
      <div className="booking-row">
        {text('firstName', 'First Name', 'text', 'given-name', BOOKING_LIMITS.name)}
        {text('lastName', 'Last Name', 'text', 'family-name', BOOKING_LIMITS.name)}
      </div>
      <div className="booking-row">
        {text('email', 'Email', 'email', 'email', BOOKING_LIMITS.email)}
        {text('phone', 'Phone', 'tel', 'tel', BOOKING_LIMITS.phone)}
      </div>
      <fieldset className="wizard-options">
        <legend>Options</legend>
        <label className="checkbox">
          <input type="checkbox" checked={contact.smsUpdates} onChange={(e) => onChange('smsUpdates', e.target.checked)} />
          Send me SMS updates about my ride
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={contact.meetGreet} onChange={(e) => onChange('meetGreet', e.target.checked)} />
          Meet &amp; Greet service{extras && ` (+${formatMoney(extras.meetGreet)})`}
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={contact.childSeats} onChange={(e) => onChange('childSeats', e.target.checked)} />
          Child safety seats{extras && ` (+${formatMoney(extras.childSeat)})`}
        </label>
      </fieldset>
    </div>
  );
}
