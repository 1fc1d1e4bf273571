import { toCents, type OfferFacts, type RateTable, type VehicleRate } from '@limo/contracts';
import { SOCAL_PLACES } from '../addresses/socal-places.js';
import { defaultRateTable } from './default-rates.js';
import { quoteRide, type LocatedEnd, type RideToPrice } from './quote-ride.js';
import { loadZones, zonesAt } from './rate-zones.js';

const ZONES = loadZones(new URL('../../data/rate-zones.json', import.meta.url), SOCAL_PLACES);
const FLEET = [
  { id: 1, category: 'sedan' },
  { id: 2, category: 'suv' },
  { id: 3, category: 'limousine' },
  { id: 4, category: 'party-bus' },
];
const TABLE = defaultRateTable(FLEET);
const SEDAN = TABLE.vehicles[0];
const vehicle = (id: number) => TABLE.vehicles.find((v) => v.vehicleId === id)!;

/** One end of a ride at a gazetteer place, placed as the server would. */
function at(placeId: string): LocatedEnd {
  const place = SOCAL_PLACES.find((p) => p.id === placeId);
  if (!place) throw new Error(`no place ${placeId}`);
  return { text: `${place.name}, ${place.line}`, zones: zonesAt(place, ZONES) };
}
const LAX = 'airport:los-angeles-international-airport-lax';
const SANTA_MONICA_PIER = 'landmark:santa-monica-pier';
const BEVERLY_HILLS_HOTEL = 'hotel:the-beverly-hills-hotel';
const DOWNTOWN = 'neighborhood:downtown-los-angeles';

const transfer = (from: string, to: string, extra: Partial<RideToPrice> = {}): RideToPrice => ({
  tripType: 'one-way',
  meetGreet: false,
  childSeats: false,
  pickup: at(from),
  dropoff: at(to),
  miles: null,
  ...extra,
});
const hourly = (hours: number, extra: Partial<RideToPrice> = {}): RideToPrice => ({
  tripType: 'hourly',
  duration: hours,
  meetGreet: false,
  childSeats: false,
  pickup: at(SANTA_MONICA_PIER),
  dropoff: null,
  miles: null,
  ...extra,
});
/** A Saturday morning booked the day before: no offer applies. */
const facts = (over: Partial<OfferFacts> = {}): OfferFacts => ({
  tripType: 'one-way',
  pickupDate: '2026-12-05',
  pickupTime: '09:00',
  pickupLocation: at(LAX).text,
  dropoffLocation: at(DOWNTOWN).text,
  passengers: 2,
  bookedAt: new Date('2026-12-04T17:00:00Z'),
  ...over,
});
const cents = (amount: string) => toCents(amount);

/** Every quote: the lines add up to the total, and base + add-ons + fee + gratuity is the total. */
function expectConsistent(quote: ReturnType<typeof quoteRide>) {
  const lines = quote.lines!.reduce((sum, l) => sum + cents(l.amount), 0);
  expect(lines).toBe(cents(quote.total));
  expect(cents(quote.base) + cents(quote.addOns) + cents(quote.serviceFee) + cents(quote.gratuity)).toBe(cents(quote.total));
  expect(cents(quote.meetGreet) + cents(quote.childSeats)).toBe(cents(quote.addOns));
}

describe('the rate engine over the seeded table (decisions.md figures, Executive Sedan, up to 3 passengers, no extras)', () => {
  it.each([
    [LAX, SANTA_MONICA_PIER, '70.00', 'LAX to Santa Monica'],
    [SANTA_MONICA_PIER, LAX, '70.00', 'Santa Monica to LAX'],
    [LAX, BEVERLY_HILLS_HOTEL, '75.00', 'LAX to Beverly Hills'],
    [BEVERLY_HILLS_HOTEL, LAX, '75.00', 'Beverly Hills to LAX'],
    [LAX, DOWNTOWN, '120.00', 'LAX to Downtown Los Angeles'],
    [DOWNTOWN, LAX, '120.00', 'Downtown Los Angeles to LAX'],
  ])('%s to %s is %s all-in, priced as the zone pair, with the $10 airport surcharge as its own line', (from, to, total, pricedAs) => {
    const quote = quoteRide(transfer(from, to), TABLE, SEDAN);
    expect(quote).toMatchObject({ total, method: 'zone', pricedAs, offer: null, airportSurcharge: '10.00', toBeConfirmed: null });
    expect(quote.lines!.map((l) => l.code)).toEqual(['fare', 'airport-surcharge']);
    expectConsistent(quote);
  });

  it('shows the 5% service fee and 15% gratuity as the parts of $70.00 they are', () => {
    const quote = quoteRide(transfer(LAX, SANTA_MONICA_PIER), TABLE, SEDAN);
    // 70.00 / 1.2075 = 57.97 before fee and gratuity; fee 5% of it 2.90; gratuity the rest, 15% of 60.87.
    expect(quote).toMatchObject({ base: '57.97', addOns: '0.00', serviceFee: '2.90', gratuity: '9.13' });
    expect(quote.includes).toBe('5% service fee and 15% gratuity included: service fee $2.90, gratuity $9.13');
  });

  it('gives LAX to Downtown Los Angeles for $89.00 with its special, the $31.00 saving on its own line', () => {
    const quote = quoteRide(transfer(LAX, DOWNTOWN, { offerFacts: facts() }), TABLE, SEDAN);
    expect(quote).toMatchObject({ total: '89.00', offer: { code: 'lax-to-downtown', name: 'LAX to Downtown', saving: '31.00' } });
    expect(quote.lines!.at(-1)).toEqual({ code: 'offer', label: 'LAX to Downtown special ($89.00 instead of $120.00)', amount: '-31.00' });
    expectConsistent(quote);
  });

  it('keeps the special to parties of 3 at most', () => {
    const quote = quoteRide(transfer(LAX, DOWNTOWN, { offerFacts: facts({ passengers: 4 }) }), TABLE, vehicle(2));
    expect(quote.offer).toBeNull();
  });

  it.each([
    [3, '300.00', '3 hours at $100.00 an hour'],
    [4, '400.00', '4 hours at $100.00 an hour'],
    [8, '800.00', '8 hours at $100.00 an hour'],
    [2, '300.00', '3 hours at $100.00 an hour (3-hour minimum)'],
  ])('hourly for %i hours is %s all-in', (hours, total, pricedAs) => {
    const quote = quoteRide(hourly(hours), TABLE, SEDAN);
    expect(quote).toMatchObject({ total, method: 'hourly', pricedAs });
    expect(quote.airportSurcharge).toBeUndefined();
    expectConsistent(quote);
  });

  it('charges the airport surcharge on an hourly ride that starts at an airport', () => {
    expect(quoteRide(hourly(3, { pickup: at(LAX) }), TABLE, SEDAN)).toMatchObject({ total: '310.00', airportSurcharge: '10.00' });
  });

  it.each([
    [2, '88.00', '500.00'],
    [3, '115.00', '700.00'],
    [4, '160.00', '1180.00'],
  ])('prices vehicle %i by its own rates: LAX to Santa Monica %s, 4 hours %s', (id, transferTotal, fourHours) => {
    expect(quoteRide(transfer(LAX, SANTA_MONICA_PIER), TABLE, vehicle(id)).total).toBe(transferTotal);
    expect(quoteRide(hourly(4), TABLE, vehicle(id)).total).toBe(fourHours);
  });

  describe('a trip no zone pair covers', () => {
    const pasadenaToMalibu = () => transfer('city:pasadena', 'city:malibu', { miles: { value: 41.3, routed: true } });

    it('is a distance fare: flag fall $30 plus $3.75 a road mile', () => {
      // 30.00 + 41.3 x 3.75 = 184.875 -> 184.88
      expect(quoteRide(pasadenaToMalibu(), TABLE, SEDAN)).toMatchObject({ total: '184.88', method: 'distance', pricedAs: '41.3 road miles' });
    });

    it('never goes below the minimum, and says when the miles are estimated', () => {
      const short = transfer('city:pasadena', 'city:malibu', { miles: { value: 2, routed: false } });
      expect(quoteRide(short, TABLE, SEDAN)).toMatchObject({ total: '65.00', pricedAs: '2.0 road miles (estimated)' });
    });

    it('scales by the vehicle', () => {
      expect(quoteRide(pasadenaToMalibu(), TABLE, vehicle(2)).total).toBe('240.34');
    });
  });

  it('quotes the minimum fare, to be confirmed on the call, when an end cannot be placed', () => {
    const ride = transfer(LAX, LAX, { dropoff: { text: '1234 Nowhere Lane', zones: null } });
    const quote = quoteRide(ride, TABLE, SEDAN);
    expect(quote).toMatchObject({ method: 'minimum', total: '75.00', toBeConfirmed: 'We could not place "1234 Nowhere Lane": this is our minimum fare, to be confirmed on the call' });
    expectConsistent(quote);
  });

  describe('extras', () => {
    it('adds meet and greet $25 and a child seat $15 at their face value', () => {
      const quote = quoteRide(transfer(LAX, SANTA_MONICA_PIER, { meetGreet: true, childSeats: true }), TABLE, SEDAN);
      expect(quote.total).toBe('110.00');
      expect(quote.lines!.map((l) => [l.code, l.amount])).toEqual([['fare', '60.00'], ['airport-surcharge', '10.00'], ['meet-greet', '25.00'], ['child-seats', '15.00']]);
      expectConsistent(quote);
    });
  });

  describe('offers, one at a time, off the fare only', () => {
    it.each<[string, Partial<OfferFacts>, string, string]>([
      // Weekday 10:00-14:00 airport ride booked 2+ hours ahead: 15% of $60.00 = $9.00.
      ['executive-hour', { pickupDate: '2026-12-07', pickupTime: '11:00', dropoffLocation: at(SANTA_MONICA_PIER).text }, '9.00', '61.00'],
      ['late-flight-love', { pickupTime: '21:30', dropoffLocation: at(SANTA_MONICA_PIER).text }, '6.00', '64.00'],
      ['advance-booking', { pickupDate: '2026-12-20', dropoffLocation: at(SANTA_MONICA_PIER).text }, '9.00', '61.00'],
    ])('%s', (code, over, saving, total) => {
      const quote = quoteRide(transfer(LAX, SANTA_MONICA_PIER, { offerFacts: facts(over) }), TABLE, SEDAN);
      expect(quote).toMatchObject({ offer: { code, saving }, total });
      expectConsistent(quote);
    });

    it('gives a group of 5 or more 20% off in a vehicle that seats them', () => {
      const quote = quoteRide(transfer(LAX, SANTA_MONICA_PIER, { offerFacts: facts({ passengers: 6, dropoffLocation: at(SANTA_MONICA_PIER).text }) }), TABLE, vehicle(2));
      // SUV fare 60.00 x 130% = 78.00 - 20% (15.60) + 10.00 surcharge.
      expect(quote).toMatchObject({ offer: { code: 'group', saving: '15.60' }, total: '72.40' });
    });

    it('takes the offer that saves most when several apply', () => {
      const quote = quoteRide(transfer(LAX, SANTA_MONICA_PIER, { offerFacts: facts({ pickupDate: '2026-12-20', pickupTime: '21:00', dropoffLocation: at(SANTA_MONICA_PIER).text }) }), TABLE, SEDAN);
      expect(quote.offer?.code).toBe('advance-booking');
    });
  });

  describe('the return leg of a round trip', () => {
    it('is 20% off its fare', () => {
      const quote = quoteRide(transfer(SANTA_MONICA_PIER, LAX, { returnLeg: true, offerFacts: facts({ pickupLocation: at(SANTA_MONICA_PIER).text, dropoffLocation: at(LAX).text }) }), TABLE, SEDAN);
      expect(quote).toMatchObject({ offer: null, returnDiscount: '12.00', total: '58.00' });
      expect(quote.lines!.at(-1)).toEqual({ code: 'return-discount', label: 'Roundtrip Relax (20% off the return)', amount: '-12.00' });
      expectConsistent(quote);
    });

    it('takes a better single offer instead', () => {
      const quote = quoteRide(transfer(DOWNTOWN, LAX, { returnLeg: true, offerFacts: facts({ pickupLocation: at(DOWNTOWN).text, dropoffLocation: at(LAX).text }) }), TABLE, SEDAN);
      expect(quote).toMatchObject({ offer: { code: 'lax-to-downtown' }, total: '89.00' });
      expect(quote.returnDiscount).toBeUndefined();
    });
  });

  it('follows the table: a changed zone fare changes the quote', () => {
    const changed: RateTable = { ...TABLE, zoneFares: TABLE.zoneFares.map((f) => (f.to === 'santa-monica' && f.from === 'lax' ? { ...f, fare: '72.50' } : f)) };
    expect(quoteRide(transfer(LAX, SANTA_MONICA_PIER), changed, SEDAN).total).toBe('82.50');
  });

  it('rounds every part to the cent and keeps the sums exact over many fares', () => {
    for (let fare = 1; fare <= 2_000; fare += 7) {
      const table: RateTable = { ...TABLE, zoneFares: [{ from: 'lax', to: 'santa-monica', fare: (fare / 4).toFixed(2) }] };
      const quote = quoteRide(transfer(LAX, SANTA_MONICA_PIER, { meetGreet: fare % 2 === 0, childSeats: fare % 3 === 0 }), table, vehicle((fare % 4) + 1) as VehicleRate);
      expectConsistent(quote);
      expect(cents(quote.gratuity)).toBeGreaterThanOrEqual(0);
    }
  });
});
