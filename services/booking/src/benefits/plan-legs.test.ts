import { COMPANY_MESSAGES, type CompanyTransfers } from '@limo/contracts';
import { ServiceError } from '@limo/messaging';
import { legClaimsOf, planLegs, rideMonths, transferGone } from './plan-legs.js';

const terms = (months: { month: string; active?: boolean; left: number }[]): CompanyTransfers => ({
  companyId: 7,
  companyName: 'Acme',
  months: months.map(({ month, active = true, left }) => ({ month, active, left })),
});
const oneWay = (pickupDate: string, returnDate?: string) => ({ tripType: 'one-way' as const, pickupDate, ...(returnDate ? { returnTrip: { pickupDate: returnDate } } : {}) });

describe('a company ride’s legs on its plan', () => {
  it('takes one of the pickup month’s transfers while any is left', () => {
    const legs = planLegs(terms([{ month: '2026-12', left: 3 }]), oneWay('2026-12-04'));
    expect(legs.outbound).toEqual({ covered: true, note: "One of Acme's December 2026 transfers (3 left before this ride)" });
    expect(legs.back).toBeNull();
  });

  it('prices a ride with none left and bills it to the company', () => {
    const legs = planLegs(terms([{ month: '2026-12', left: 0 }]), oneWay('2026-12-04'));
    expect(legs.outbound.covered).toBe(false);
    expect(legs.outbound.note).toBe("No December 2026 transfers left on Acme's plan: priced as usual and billed to Acme");
  });

  it('gives a return in the same month what the outbound left: the last transfer goes to the outbound', () => {
    const legs = planLegs(terms([{ month: '2026-12', left: 1 }]), oneWay('2026-12-04', '2026-12-06'));
    expect([legs.outbound.covered, legs.back?.covered]).toEqual([true, false]);
    const two = planLegs(terms([{ month: '2026-12', left: 2 }]), oneWay('2026-12-04', '2026-12-06'));
    expect([two.outbound.covered, two.back?.covered]).toEqual([true, true]);
  });

  it('asks a return in the next month for that month’s transfers', () => {
    expect(rideMonths(oneWay('2026-12-30', '2027-01-02'))).toEqual(['2026-12', '2027-01']);
    expect(rideMonths(oneWay('2026-12-03', '2026-12-05'))).toEqual(['2026-12']);
    const legs = planLegs(terms([{ month: '2026-12', left: 1 }, { month: '2027-01', left: 10 }]), oneWay('2026-12-30', '2027-01-02'));
    expect([legs.outbound.covered, legs.back?.covered]).toEqual([true, true]);
  });

  it('never makes an hourly ride a transfer, and books a ride billed when the customer’s quote said so', () => {
    expect(planLegs(terms([{ month: '2026-12', left: 5 }]), { tripType: 'hourly', pickupDate: '2026-12-04' }).outbound).toEqual({ covered: false, note: COMPANY_MESSAGES.hourlyNotTransfer });
    expect(planLegs(terms([{ month: '2026-12', left: 5 }]), oneWay('2026-12-04'), false).outbound.covered).toBe(false);
  });

  it('books each leg of a round trip as its claim says, and finds a claimed leg whose transfer went', () => {
    // January used up, February not: the outbound billed, the return on the plan.
    const claim = { companyId: 7, transfer: false, returnTransfer: true };
    const legs = planLegs(terms([{ month: '2027-01', left: 0 }, { month: '2027-02', left: 10 }]), oneWay('2027-01-31', '2027-02-02'), legClaimsOf(claim));
    expect([legs.outbound.covered, legs.back?.covered]).toEqual([false, true]);
    expect(transferGone(legs, legClaimsOf(claim))).toBe(false);
    // The quote showed both on the plan; February's last went meanwhile: the booking is refused, not billed silently.
    const both = legClaimsOf({ transfer: true, returnTransfer: true });
    expect(transferGone(planLegs(terms([{ month: '2027-01', left: 1 }, { month: '2027-02', left: 0 }]), oneWay('2027-01-31', '2027-02-02'), both), both)).toBe(true);
    // A claim made before round trips' own flag: the return as the outbound.
    expect(legClaimsOf({ transfer: true })).toEqual({ outbound: true, back: true });
  });

  it('refuses a month the plan does not cover (409)', () => {
    const refused = (() => {
      try {
        planLegs(terms([{ month: '2026-12', active: false, left: 0 }]), oneWay('2026-12-04'));
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(ServiceError);
    expect((refused as ServiceError).status).toBe(409);
    expect((refused as ServiceError).message).toBe(COMPANY_MESSAGES.planNotActive);
  });
});
