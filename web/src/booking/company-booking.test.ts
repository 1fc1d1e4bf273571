import type { BookerCompany } from '@limo/contracts/customers/companies';
import { benefitLines } from './benefit-lines';
import { companyClaimOf, companyOfBooking } from './company-booking';

const acme: BookerCompany = { companyId: 4, companyName: 'Acme', role: 'booker', transfers: { month: '2026-11', tier: 'starter', included: 10, used: 2, left: 8, expired: null } };

describe("a booking for the booker's company", () => {
  it('is for the company only when the customer books for one and chose it', () => {
    expect(companyOfBooking(acme, true)).toBe(acme);
    expect(companyOfBooking(acme, false)).toBeNull();
    expect(companyOfBooking(null, true)).toBeNull();
    expect(companyOfBooking(undefined, true)).toBeNull();
  });

  it('claims a transfer for exactly the legs whose quote took one', () => {
    expect(companyClaimOf(null, { planTransfer: '88.00' })).toBeUndefined();
    expect(companyClaimOf(acme, { planTransfer: '88.00' })).toEqual({ companyId: 4, transfer: true });
    expect(companyClaimOf(acme, {})).toEqual({ companyId: 4, transfer: false });
    expect(companyClaimOf(acme, { planTransfer: '0.00' })).toEqual({ companyId: 4, transfer: false });
    // A round trip across two months: the outbound's month used up, the return's not.
    expect(companyClaimOf(acme, { planTransfer: '0.00' }, { planTransfer: '70.00' })).toEqual({ companyId: 4, transfer: false, returnTransfer: true });
    expect(companyClaimOf(acme, { planTransfer: '70.00' }, {})).toEqual({ companyId: 4, transfer: true, returnTransfer: false });
  });

  it("shows the transfer on the quote as the company's plan taking the ride's share", () => {
    expect(benefitLines({ planTransfer: '88.00' }, 'Acme')).toEqual([{ key: 'plan-transfer', label: "Transfer on Acme's plan", amount: '−$88.00' }]);
    expect(benefitLines({ planTransfer: '0.00' }, 'Acme')).toEqual([]);
  });
});
