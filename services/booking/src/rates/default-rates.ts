import { DEFAULT_DRIVER_SHARES, type RateTable, type VehicleRate } from '@limo/contracts';

/** What each kind of vehicle costs until the admin sets its own rates (all-in, fee and gratuity included). */
export const CATEGORY_RATES: Record<string, Omit<VehicleRate, 'vehicleId'>> = {
  sedan: { hourlyRate: '100.00', minimumHours: 3, transferPercent: 100 },
  suv: { hourlyRate: '125.00', minimumHours: 3, transferPercent: 130 },
  limousine: { hourlyRate: '175.00', minimumHours: 3, transferPercent: 175 },
  'party-bus': { hourlyRate: '295.00', minimumHours: 4, transferPercent: 250 },
};

// Transfer fares of the Executive Sedan between zones (rate-zones.json), either way, all-in.
// Seeded so the site's figures hold with the $10 airport surcharge: LAX to Santa Monica $70, to
// Beverly Hills $75, to Downtown Los Angeles $120 ($89 with the special).
const ZONE_FARES: [string, string, string][] = [
  ['lax', 'santa-monica', '60.00'], ['lax', 'beverly-hills', '65.00'], ['lax', 'downtown-la', '110.00'],
  ['lax', 'hollywood', '85.00'], ['lax', 'west-hollywood', '75.00'], ['lax', 'century-city', '65.00'],
  ['lax', 'westwood', '62.00'], ['lax', 'bel-air', '70.00'], ['lax', 'brentwood', '65.00'],
  ['lax', 'venice', '50.00'], ['lax', 'marina-del-rey', '45.00'], ['lax', 'culver-city', '50.00'],
  ['lax', 'el-segundo', '40.00'], ['lax', 'manhattan-beach', '45.00'], ['lax', 'koreatown', '90.00'],
  ['lax', 'silver-lake', '100.00'], ['lax', 'pasadena', '140.00'], ['lax', 'burbank', '120.00'],
  ['lax', 'bur', '120.00'], ['lax', 'glendale', '125.00'], ['lax', 'studio-city', '110.00'],
  ['lax', 'sherman-oaks', '105.00'], ['lax', 'malibu', '120.00'], ['lax', 'long-beach', '95.00'],
  ['lax', 'anaheim', '150.00'], ['lax', 'irvine', '160.00'], ['lax', 'newport-beach', '155.00'],
  ['bur', 'downtown-la', '85.00'], ['bur', 'hollywood', '65.00'], ['bur', 'pasadena', '75.00'],
  ['bur', 'studio-city', '50.00'], ['bur', 'sherman-oaks', '55.00'], ['bur', 'beverly-hills', '90.00'],
  ['bur', 'santa-monica', '110.00'], ['sna', 'irvine', '60.00'], ['sna', 'newport-beach', '55.00'],
  ['sna', 'costa-mesa', '50.00'], ['sna', 'anaheim', '80.00'], ['sna', 'huntington-beach', '65.00'],
  ['sna', 'laguna-beach', '80.00'], ['sna', 'santa-ana', '50.00'], ['sna', 'downtown-la', '160.00'],
  ['lgb', 'long-beach', '45.00'], ['lgb', 'downtown-la', '110.00'], ['lgb', 'anaheim', '90.00'],
  ['ont', 'pasadena', '130.00'], ['ont', 'downtown-la', '150.00'], ['ont', 'anaheim', '120.00'],
  ['downtown-la', 'santa-monica', '90.00'], ['downtown-la', 'pasadena', '80.00'], ['downtown-la', 'hollywood', '60.00'],
  ['downtown-la', 'beverly-hills', '75.00'], ['beverly-hills', 'santa-monica', '60.00'],
];

/** The table a new deployment starts with, for the vehicles the fleet has. */
export function defaultRateTable(vehicles: readonly { id: number; category: string }[]): RateTable {
  return {
    vehicles: vehicles.flatMap((v) => (CATEGORY_RATES[v.category] ? [{ vehicleId: v.id, ...CATEGORY_RATES[v.category] }] : [])),
    zoneFares: ZONE_FARES.map(([from, to, fare]) => ({ from, to, fare })),
    distance: { flagFall: '30.00', perMile: '3.75', minimum: '65.00' },
    extras: { meetGreet: '25.00', childSeat: '15.00', airportSurcharge: '10.00' },
    returnLegPercent: 20,
    driverShares: DEFAULT_DRIVER_SHARES,
  };
}
