import { OFFER_RULES, fromCents, toCents, type PriceGuide, type RateTable, type Vehicle } from '@limo/contracts';
import { vehicleRateFor } from './quote-rides/quote-rides.use-case.js';
import { INCLUDES, quoteRide, type LocatedEnd, type RideToPrice } from './quote-ride.js';
import { zonesAt, type Zone } from './rate-zones.js';

/** The sample rides the site advertises, between zones of the table. */
const SAMPLES = [
  { id: 'lax-santa-monica', from: 'lax', to: 'santa-monica' },
  { id: 'lax-beverly-hills', from: 'lax', to: 'beverly-hills' },
  { id: 'lax-downtown-la', from: 'lax', to: 'downtown-la' },
] as const;
const HOURLY_EXAMPLES = [3, 4, 8];

/**
 * Every price the public site shows, priced by the engine that quotes (regular prices: no offer
 * but the LAX to Downtown special, which is its own figure), for the Executive Sedan (the first
 * vehicle of the table) unless a vehicle is named.
 */
export function priceGuide(table: RateTable, version: number, vehicles: readonly Vehicle[], zones: readonly Zone[]): PriceGuide {
  const zone = (id: string) => zones.find((z) => z.id === id);
  const end = (id: string): LocatedEnd => {
    const z = zone(id);
    return { text: z?.name ?? id, zones: z ? zonesAt(z, zones) : null };
  };
  const transfer = (from: string, to: string, extra: Partial<RideToPrice> = {}): RideToPrice => ({ tripType: 'one-way', meetGreet: false, childSeats: false, pickup: end(from), dropoff: end(to), miles: null, ...extra });
  const active = vehicles.filter((v) => v.isActive && vehicleRateFor(table, v)).sort((a, b) => a.id - b.id);
  const sedan = active.find((v) => v.category === 'sedan') ?? active[0];
  const sedanRate = sedan ? vehicleRateFor(table, sedan)! : { vehicleId: 0, hourlyRate: '0.00', minimumHours: 1, transferPercent: 100 };

  const samples = SAMPLES.map((s) => {
    const quote = quoteRide(transfer(s.from, s.to), table, sedanRate);
    return { id: s.id, from: zone(s.from)?.name ?? s.from, to: zone(s.to)?.name ?? s.to, total: quote.total, pricedAs: quote.pricedAs ?? '' };
  });
  const regular = samples.find((s) => s.id === 'lax-downtown-la')!.total;
  // The special as a customer books it: a weekday-neutral pickup that no other offer touches.
  const special = quoteRide(
    transfer('lax', 'downtown-la', {
      offerFacts: { tripType: 'one-way', pickupDate: '2030-01-05', pickupTime: '09:00', pickupLocation: 'LAX', dropoffLocation: 'Downtown Los Angeles', passengers: 1, bookedAt: new Date('2030-01-04T17:00:00Z') },
    }),
    table,
    sedanRate,
  );
  const hourly = (rate: typeof sedanRate, hours: number) =>
    quoteRide({ tripType: 'hourly', duration: hours, meetGreet: false, childSeats: false, pickup: { text: '', zones: [] }, dropoff: null, miles: null }, table, rate).total;
  return {
    version,
    includes: INCLUDES,
    samples,
    laxToDowntown: { price: special.total, regular, saving: fromCents(toCents(regular) - toCents(special.total)), maxPassengers: OFFER_RULES.laxToDowntown.maxPassengers },
    hourly: { rate: sedanRate.hourlyRate, minimumHours: sedanRate.minimumHours, minimum: hourly(sedanRate, sedanRate.minimumHours), examples: HOURLY_EXAMPLES.map((hours) => ({ hours, total: hourly(sedanRate, hours) })) },
    vehicles: active.map((v) => {
      const rate = vehicleRateFor(table, v)!;
      return {
        vehicleId: v.id,
        name: v.name,
        hourlyRate: rate.hourlyRate,
        minimumHours: rate.minimumHours,
        hourlyMinimum: hourly(rate, rate.minimumHours),
        sampleTransfer: quoteRide(transfer('lax', 'santa-monica'), table, rate).total,
      };
    }),
    extras: table.extras,
    returnLegPercent: table.returnLegPercent,
  };
}
