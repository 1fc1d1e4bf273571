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
  /** A booker's company: the choice to book for it, and then the passenger's name and phone with the booker's own email. */
  company?: { name: string; chosen: boolean; onChoose: (chosen: boolean) => void };
}

/** Step 2: who rides (all four marked required, a signed-in customer's filled in) and the optional extras. */
export function ContactStep({ idPrefix, form, extras, company }: ContactStepProps) {
  useAccountPrefill(form);
  const { values: contact, errors } = form;
  const onChange = form.set;
  const id = (name: string) => `${idPrefix}-${name}`;
  const forCompany = company?.chosen === true;
  const text = (name: 'firstName' | 'lastName' | 'email' | 'phone', label: string, type: string, autoComplete: string, max: number) => (
    <Field id={id(name)} label={label} required error={errors[name]} hint={forCompany && name === 'email' ? 'Your own email: a company booking is made with it, and its messages come to you.' : undefined}>
      <input
        readOnly={forCompany && name === 'email'}
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
      {company && (
        <fieldset className="wizard-options wizard-book-for" data-testid="book-for">
          <legend>Who is this ride for?</legend>
          <label className="checkbox">
            <input type="radio" name={id('book-for')} checked={!forCompany} onChange={() => company.onChoose(false)} />
            For myself
          </label>
          <label className="checkbox">
            <input type="radio" name={id('book-for')} checked={forCompany} onChange={() => company.onChoose(true)} />
            Book for {company.name}
          </label>
        </fieldset>
      )}
      <div className="booking-row">
        {text('firstName', forCompany ? "Passenger's First Name" : 'First Name', 'text', forCompany ? 'off' : 'given-name', BOOKING_LIMITS.name)}
        {text('lastName', forCompany ? "Passenger's Last Name" : 'Last Name', 'text', forCompany ? 'off' : 'family-name', BOOKING_LIMITS.name)}
      </div>
      <div className="booking-row">
        {text('email', forCompany ? 'Your Email' : 'Email', 'email', 'email', BOOKING_LIMITS.email)}
        {text('phone', forCompany ? "Passenger's Phone" : 'Phone', 'tel', forCompany ? 'off' : 'tel', BOOKING_LIMITS.phone)}
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
