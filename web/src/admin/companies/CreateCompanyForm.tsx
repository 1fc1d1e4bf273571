import { useId } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { monthLabel } from '@limo/contracts/common/business-time';
import { CreateCompany, PLAN_TIERS, PLANS, type Company, type PlanTier } from '@limo/contracts/customers/companies';
import { apiJson, serverMessage } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { useToast } from '../../lib/toast';
import { CompanyDetailsFields } from './CompanyDetailsFields';
import { currentMonth, monthsUpTo, shiftMonth } from '../../components/company-month/company-month';

/** A plan's figures as the site sells them: "Starter: $750.00 a month for 10 transfers". */
export const planFigures = (tier: keyof typeof PLANS): string => `${PLANS[tier].name}: ${formatMoney(PLANS[tier].monthlyFee)} a month for ${PLANS[tier].transfers} transfers`;

/** Start months offered: this month and the next eleven. */
const startMonths = () => monthsUpTo(shiftMonth(currentMonth(), 11), 12).reverse();

/** Create Company: its name, billing contact and email, its plan and start month (POST /api/admin/companies). */
export function CreateCompanyForm({ onCreated }: { onCreated: (id: number) => void }) {
  const id = useId();
  const toast = useToast();
  const queries = useQueryClient();
  const form = useSchemaForm(CreateCompany, { name: '', billingContact: '', billingEmail: '', plan: 'starter' as PlanTier, startMonth: currentMonth() });
  const create = useMutation({
    mutationFn: (company: CreateCompany) => apiJson<Company>('POST', '/api/admin/companies', company),
    onSuccess: (company) => {
      queries.setQueryData([`/api/admin/companies/${company.id}`], company);
      void queries.invalidateQueries({ queryKey: ['/api/admin/companies'], exact: true });
      toast({ title: 'Company Created', description: `${company.name} is on ${PLANS[company.plan[0].tier].name} from ${monthLabel(company.plan[0].fromMonth)}.` });
      onCreated(company.id);
    },
  });
  return (
    <form ref={form.ref} onSubmit={form.submit((company) => create.mutate(company))} noValidate className="form-grid form-grid-2" aria-label="Create Company">
      <CompanyDetailsFields idPrefix={id} form={form} wide />
      <fieldset className="span-2 company-plans">
        <legend>Plan</legend>
        {PLAN_TIERS.map((tier) => (
          <label key={tier} className="company-plan-choice">
            <input type="radio" name={`${id}-plan`} value={tier} checked={form.values.plan === tier} onChange={() => form.set('plan', tier)} />
            <span>{planFigures(tier)}</span>
          </label>
        ))}
        <p className="field-hint">Six months at least; a change or cancellation takes effect after 30 days notice.</p>
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-start`}>Start month</label>
        <select id={`${id}-start`} value={form.values.startMonth} onChange={(e) => form.set('startMonth', e.target.value)}>
          {startMonths().map((month) => (
            <option key={month} value={month}>
              {monthLabel(month)}
            </option>
          ))}
        </select>
      </div>
      {create.isError && (
        <p className="account-message company-error span-2" role="alert">
          {serverMessage(create.error) ?? 'The company could not be created. Please try again.'}
        </p>
      )}
      <div className="span-2">
        <button type="submit" className="btn btn-primary" disabled={create.isPending || form.submitting}>
          {create.isPending ? 'Creating...' : 'Create Company'}
        </button>
      </div>
    </form>
  );
}
