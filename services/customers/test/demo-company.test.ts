import { companiesRpc } from '@limo/contracts';
import { businessMonth } from '../src/companies/plan-rules.js';
import { DEMO_COMPANY } from '../src/demo/companies-seeder.js';
import { withCustomersStack } from './booking-events.support.js';

/** `npm start`'s demo data (SEED_DEMO_DATA, on in tests as in development): one demo company, however many replicas start. */
describe('the demo company', () => {
  const { stack, rpc } = withCustomersStack();

  it('is made once on Professional from this month, with its company admin, and not again when another replica starts', async () => {
    await stack.startService('customers');
    const demo = (await rpc().request(companiesRpc.list, {})).filter((c) => c.name === DEMO_COMPANY.name);
    expect(demo).toEqual([{ id: expect.any(Number), name: DEMO_COMPANY.name, billingEmail: DEMO_COMPANY.billingEmail, tier: 'professional', transfersLeft: 20, bookers: 1 }]);
    expect(await rpc().request(companiesRpc.bookerCompany, { email: DEMO_COMPANY.booker })).toMatchObject({ companyId: demo[0].id, role: 'company-admin', transfers: { month: businessMonth(), included: 20 } });
  });
});
