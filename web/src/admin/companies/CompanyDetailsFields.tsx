import type { FormFields } from '../../lib/forms/use-schema-form';
import { TextField } from '../../ui/TextField';

type Details = { name: string; billingContact: string; billingEmail: string };

/** A company's name, billing contact and billing email: the same three fields on Create Company and on a company's Details. */
export function CompanyDetailsFields<V extends Details>({ idPrefix, form, wide = false }: { idPrefix: string; form: FormFields<V>; wide?: boolean }) {
  const field = (name: keyof Details, label: string, extra: { type?: string; maxLength?: number; className?: string; hint?: string }) => (
    <TextField id={`${idPrefix}-${name}`} label={label} required value={form.values[name]} onChange={(e) => form.set(name, e.target.value as V[typeof name])} error={form.errors[name]} {...extra} />
  );
  return (
    <>
      {field('name', 'Company name', { maxLength: 120 })}
      {field('billingContact', 'Billing contact', { maxLength: 120 })}
      {field('billingEmail', 'Billing email', { type: 'email', ...(wide ? { className: 'span-2', hint: 'The monthly statement is emailed here.' } : {}) })}
    </>
  );
}
