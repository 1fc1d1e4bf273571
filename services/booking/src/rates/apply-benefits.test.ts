import { toCents } from '@limo/contracts';
import { SOCAL_PLACES } from '../addresses/socal-places.js';
import { applyBenefits, applyPlanTransfer, heldBenefits, heldPlan, NOTHING_TO_SPEND, remainder } from './apply-benefits.js';
import { defaultRateTable } from './default-rates.js';
import { quoteRide, type LocatedEnd, type RideToPrice } from './quote-ride.js';
import { loadZones, zonesAt } from './rate-zones.js';

const ZONES = loadZones(new URL('../../data/rate-zones.json', import.meta.url), SOCAL_PLACES);
const TABLE = defaultRateTable([{ id: 1, category: 'sedan' }]);
const SEDAN = TABLE.vehicles[0];

function at(placeId: string): LocatedEnd {
  const place = SOCAL_PLACES.find((p) => p.id === placeId)!;
  return { text: `${place.name}, ${place.line}`, zones: zonesAt(place, ZONES) };
}
const LAX = 'airport:los-angeles-international-airport-lax';
const SANTA_MONICA_PIER = 'landmark:santa-monica-pier';
const BEVERLY_HILLS_HOTEL = 'hotel:the-beverly-hills-hotel';

const ride = (from: string, to: string, extra: Partial<RideToPrice> = {}) =>
  quoteRide({ tripType: 'one-way', meetGreet: false, childSeats: false, pickup: at(from), dropoff: at(to), miles: null, ...extra }, TABLE, SEDAN);
const cents = toCents;

describe('a signed-in customer’s free ride and credit on a quote', () => {
  it('makes an airport ride’s fare and surcharge free, leaving the extras with their fee and gratuity', () => {
    const paid = ride(LAX, SANTA_MONICA_PIER, { meetGreet: true, childSeats: true });
    const { quote, spent } = applyBenefits(paid, { freeRide: true, creditCents: 0 }, true);
    const extras = cents(TABLE.extras.meetGreet) + cents(TABLE.extras.childSeat);
    expect(cents(quote.total)).toBe(extras);
    expect(cents(quote.freeRide!)).toBe(cents(paid.total) - extras);
    expect(quote.credit).toBeUndefined();
    expect(spent).toEqual({ freeRide: true, creditCents: 0 });
    // The chauffeur's shares are those of the paid ride.
    expect([quote.base, quote.addOns, quote.serviceFee, quote.gratuity]).toEqual([paid.base, paid.addOns, paid.serviceFee, paid.gratuity]);
    expect(cents(quote.base) + cents(quote.addOns) + cents(quote.serviceFee) + cents(quote.gratuity) - cents(quote.freeRide!)).toBe(cents(quote.total));
  });

  it('is $0.00 for the LAX to Santa Monica ride without extras ($70.00 paid)', () => {
    const { quote } = applyBenefits(ride(LAX, SANTA_MONICA_PIER), { freeRide: true, creditCents: 0 }, true);
    expect(quote).toMatchObject({ total: '0.00', freeRide: '70.00' });
  });

  it('does not make a ride free that neither starts nor ends at an airport', () => {
    const paid = ride(SANTA_MONICA_PIER, BEVERLY_HILLS_HOTEL);
    expect(applyBenefits(paid, { freeRide: true, creditCents: 0 }, false)).toEqual({ quote: paid, spent: { freeRide: false, creditCents: 0 } });
  });

  it('makes an airport ride free by its places, with the airport surcharge set to $0.00 too', () => {
    const noSurcharge = { ...TABLE, extras: { ...TABLE.extras, airportSurcharge: '0.00' } };
    const paid = quoteRide({ tripType: 'one-way', meetGreet: false, childSeats: false, pickup: at(LAX), dropoff: at(SANTA_MONICA_PIER), miles: null }, noSurcharge, SEDAN);
    expect(paid.lines?.map((line) => line.code)).toEqual(['fare']);
    expect(applyBenefits(paid, { freeRide: true, creditCents: 0 }, true).quote).toMatchObject({ total: '0.00', freeRide: paid.total });
  });

  it('takes credit up to what is due, never below $0.00, after the free ride', () => {
    const paid = ride(LAX, SANTA_MONICA_PIER, { meetGreet: true });
    const some = applyBenefits(paid, { freeRide: false, creditCents: 1_000 }, true);
    expect(paid.total).toBe('95.00'); // $70.00 and Meet & Greet
    expect(some.quote).toMatchObject({ total: '85.00', credit: '10.00' });
    expect(some.quote.freeRide).toBeUndefined();
    const more = applyBenefits(paid, { freeRide: true, creditCents: 100_000 }, true);
    expect(more.quote.total).toBe('0.00');
    expect(cents(more.quote.credit!)).toBe(cents(TABLE.extras.meetGreet));
    expect(more.spent).toEqual({ freeRide: true, creditCents: cents(TABLE.extras.meetGreet) });
  });

  it('leaves a quote as it was with nothing to spend', () => {
    const paid = ride(LAX, SANTA_MONICA_PIER);
    expect(applyBenefits(paid, NOTHING_TO_SPEND, true).quote).toBe(paid);
  });

  it('gives a round trip’s return leg what the outbound left', () => {
    expect(remainder({ freeRide: true, creditCents: 2_500 }, { freeRide: true, creditCents: 1_000 })).toEqual({ freeRide: false, creditCents: 1_500 });
    expect(remainder({ freeRide: true, creditCents: 0 }, { freeRide: false, creditCents: 0 })).toEqual({ freeRide: true, creditCents: 0 });
  });

  it('re-prices a booking with no more than it held', () => {
    const { quote } = applyBenefits(ride(LAX, SANTA_MONICA_PIER), { freeRide: true, creditCents: 500 }, true);
    expect(heldBenefits(quote)).toEqual({ freeRide: true, creditCents: 0 });
    expect(heldBenefits(ride(LAX, SANTA_MONICA_PIER))).toEqual(NOTHING_TO_SPEND);
  });
});

describe('a company’s transfer on a quote (Bundles for Business)', () => {
  it('takes the ride’s share, leaving the extras with their fee and gratuity, and says so', () => {
    const paid = ride(BEVERLY_HILLS_HOTEL, SANTA_MONICA_PIER, { meetGreet: true });
    const quote = applyPlanTransfer(paid, { covered: true, note: 'One of Acme’s December 2026 transfers (3 left before this ride)' });
    expect(cents(quote.total)).toBe(cents(TABLE.extras.meetGreet));
    expect(cents(quote.planTransfer!)).toBe(cents(paid.total) - cents(TABLE.extras.meetGreet));
    expect(quote.planNote).toContain('3 left');
    // The chauffeur's shares are those of the paid ride, and the parts still add up.
    expect([quote.base, quote.addOns, quote.serviceFee, quote.gratuity]).toEqual([paid.base, paid.addOns, paid.serviceFee, paid.gratuity]);
    expect(cents(quote.base) + cents(quote.addOns) + cents(quote.serviceFee) + cents(quote.gratuity) - cents(quote.planTransfer!)).toBe(cents(quote.total));
  });

  it('leaves a billed ride’s price whole, with the words why', () => {
    const paid = ride(LAX, SANTA_MONICA_PIER);
    expect(applyPlanTransfer(paid, { covered: false, note: 'billed' })).toEqual({ ...paid, planNote: 'billed' });
  });

  it('keeps a stored company ride’s transfer, or its being billed, when it is re-priced', () => {
    const covered = applyPlanTransfer(ride(LAX, SANTA_MONICA_PIER), { covered: true, note: 'on the plan' });
    expect(heldPlan(covered)).toEqual({ outbound: { covered: true, note: 'on the plan' }, back: null });
    expect(heldPlan(applyPlanTransfer(ride(LAX, SANTA_MONICA_PIER), { covered: false, note: 'billed' }))).toEqual({ outbound: { covered: false, note: 'billed' }, back: null });
    expect(heldPlan(ride(LAX, SANTA_MONICA_PIER))).toBeUndefined();
  });
});
