import { z } from 'zod';
import { noControlCharacters } from '../common/text-rule.js';
import { DriverShares } from './settlement.js';

/*
 * The rate table (decisions.md, "Prices: one rate table"): every amount is what the customer pays,
 * the 5% service fee and 15% gratuity included (the quote shows them as the parts of the total
 * they are). Owned by the booking service, edited on the admin's Rates page.
 */

const RATE_MESSAGE = 'Rates must be amounts above $0.00 and up to $99,999.99, with at most two decimals';

/** An amount the table charges: above zero, at most two decimals, at most $99,999.99. */
export const Rate = z
  .string({ error: RATE_MESSAGE })
  .trim()
  .regex(/^\d{1,5}(\.\d{1,2})?$/, RATE_MESSAGE)
  .refine((value) => Number(value) > 0, RATE_MESSAGE)
  .transform((value) => Number(value).toFixed(2));
export type Rate = z.output<typeof Rate>;

/** A zone of the gazetteer (an airport, a city or a neighbourhood), by its id in rate-zones.json. */
export const ZoneId = z.string().trim().regex(/^[a-z0-9-]{2,40}$/, 'Unknown zone');

export const VehicleRate = z
  .object({
    vehicleId: z.number().int().positive(),
    /** Per hour of an hourly ride. */
    hourlyRate: Rate,
    minimumHours: z.number({ error: 'Minimum hours must be a whole number from 1 to 12' }).int('Minimum hours must be a whole number from 1 to 12').min(1, 'Minimum hours must be a whole number from 1 to 12').max(12, 'Minimum hours must be a whole number from 1 to 12'),
    /** Transfers and distance fares for this vehicle, as a percentage of the table's (which are the Executive Sedan's). */
    transferPercent: z.number({ error: 'Transfer percentage must be a whole number from 50 to 500' }).int('Transfer percentage must be a whole number from 50 to 500').min(50, 'Transfer percentage must be a whole number from 50 to 500').max(500, 'Transfer percentage must be a whole number from 50 to 500'),
  })
  .strict();
export type VehicleRate = z.infer<typeof VehicleRate>;

/** A transfer between two zones, either way. */
export const ZoneFare = z.object({ from: ZoneId, to: ZoneId, fare: Rate }).strict();
export type ZoneFare = z.infer<typeof ZoneFare>;

/** For trips no zone pair covers: flag fall plus a rate per road mile, never below the minimum. */
export const DistanceFare = z.object({ flagFall: Rate, perMile: Rate, minimum: Rate }).strict();
export type DistanceFare = z.infer<typeof DistanceFare>;

export const Extras = z.object({ meetGreet: Rate, childSeat: Rate, airportSurcharge: Rate }).strict();
export type Extras = z.infer<typeof Extras>;

const pairKey = (a: string, b: string) => [a, b].sort().join('|');

const TABLE_FIELDS = {
  vehicles: z.array(VehicleRate).max(100),
  zoneFares: z.array(ZoneFare).max(2000),
  distance: DistanceFare,
  extras: Extras,
  /** Roundtrip Relax: what comes off the return leg's fare. */
  returnLegPercent: z.number().int().min(0, 'The return leg discount must be from 0 to 50%').max(50, 'The return leg discount must be from 0 to 50%'),
};

/** Each zone pair once (either way), each vehicle once. */
function checkTable(table: { zoneFares: ZoneFare[]; vehicles: VehicleRate[] }, ctx: z.RefinementCtx): void {
  const pairs = new Set<string>();
  table.zoneFares.forEach((f, i) => {
    if (f.from === f.to) ctx.addIssue({ code: 'custom', path: ['zoneFares', i], message: `A zone fare needs two different zones (${f.from})` });
    const key = pairKey(f.from, f.to);
    if (pairs.has(key)) ctx.addIssue({ code: 'custom', path: ['zoneFares', i], message: `The zone pair ${f.from} and ${f.to} is entered twice` });
    pairs.add(key);
  });
  const vehicles = new Set<number>();
  table.vehicles.forEach((v, i) => {
    if (vehicles.has(v.vehicleId)) ctx.addIssue({ code: 'custom', path: ['vehicles', i], message: `Vehicle ${v.vehicleId} has two rates` });
    vehicles.add(v.vehicleId);
  });
}

/** The whole table, as the admin saves it. */
export const RateTable = z
  .object({
    ...TABLE_FIELDS,
    /** The driver's share of a settled ride's wait and extras (absent from tables saved before settlements: DEFAULT_DRIVER_SHARES). */
    driverShares: DriverShares.optional(),
  })
  .strict()
  .superRefine(checkTable);
/** The table as the releases before settlements read and write it (the v1 RPCs). */
export const RateTableV1 = z.object(TABLE_FIELDS).strict().superRefine(checkTable);
export type RateTable = z.output<typeof RateTable>;
export type RateTableInput = z.input<typeof RateTable>;

/** A zone a fare can name, for the admin's choice and the quote's words. */
export const RateZone = z.object({ id: ZoneId, name: z.string(), kind: z.enum(['airport', 'city', 'neighborhood']) });
export type RateZone = z.infer<typeof RateZone>;

/** One saved change of the table: who, when, and the table before and after. */
export const RateChange = z.object({
  id: z.number().int().positive(),
  changedAt: z.iso.datetime({ offset: true }),
  changedBy: z.string(),
  summary: z.array(z.string()),
});
export type RateChange = z.infer<typeof RateChange>;

/** GET /api/admin/rates: the table in force, the zones it may name, and its history (newest first). */
export const RatesView = z.object({
  table: RateTable,
  version: z.number().int().nonnegative(),
  zones: z.array(RateZone),
  changes: z.array(RateChange),
});
export type RatesView = z.infer<typeof RatesView>;
export const RatesViewV1 = RatesView.extend({ table: RateTableV1 });
export type RatesViewV1 = z.infer<typeof RatesViewV1>;

/** PUT /api/admin/rates: the whole table, with the version it was edited from (a newer save meanwhile: 409). */
export const RatesUpdate = z.object({ table: RateTable, version: z.number().int().nonnegative(), note: z.string().check(noControlCharacters('Note')).max(200).optional() }).strict();
export type RatesUpdate = z.infer<typeof RatesUpdate>;
export const RatesUpdateV1 = RatesUpdate.extend({ table: RateTableV1 }).strict();

/** A sample ride of the price guide, priced by the engine as a customer would be quoted it. */
export const GuideSample = z.object({ id: z.string(), from: z.string(), to: z.string(), total: z.string(), pricedAs: z.string() });
export type GuideSample = z.infer<typeof GuideSample>;

/** One vehicle's advertised figures: its hourly rate and minimum, and a sample transfer. */
export const GuideVehicle = z.object({
  vehicleId: z.number().int().positive(),
  name: z.string(),
  hourlyRate: z.string(),
  minimumHours: z.number().int().positive(),
  /** The minimum hours' total. */
  hourlyMinimum: z.string(),
  /** LAX to Santa Monica in this vehicle. */
  sampleTransfer: z.string(),
});
export type GuideVehicle = z.infer<typeof GuideVehicle>;

/**
 * GET /api/price-guide: every price the public site shows, rendered from the rate table by the
 * same engine that quotes (never typed into page copy), with what each includes.
 */
export const PriceGuide = z.object({
  version: z.number().int().nonnegative(),
  /** What every figure includes, in the quote's words. */
  includes: z.string(),
  samples: z.array(GuideSample),
  laxToDowntown: z.object({ price: z.string(), regular: z.string(), saving: z.string(), maxPassengers: z.number().int() }),
  /** The Executive Sedan's hourly figures (the hourly page): its rate, minimum and a few lengths. */
  hourly: z.object({
    rate: z.string(),
    minimumHours: z.number().int(),
    /** The minimum hours' total (absent from guides of an earlier release). */
    minimum: z.string().optional(),
    examples: z.array(z.object({ hours: z.number().int(), total: z.string() })),
  }),
  vehicles: z.array(GuideVehicle),
  extras: z.object({ meetGreet: z.string(), childSeat: z.string(), airportSurcharge: z.string() }),
  returnLegPercent: z.number().int(),
});
export type PriceGuide = z.infer<typeof PriceGuide>;
