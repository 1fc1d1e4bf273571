import { DEFAULT_DRIVER_SHARES, RateTable, type DriverShares, type RateTableInput, type RateZone } from '@limo/contracts';
import { formSchema } from '../../lib/forms/form-schema';

/** What the Rates page's fields hold: every figure as typed. */
export interface RatesFormValues {
  vehicles: { vehicleId: number; hourlyRate: string; minimumHours: string; transferPercent: string }[];
  zoneFares: { from: string; to: string; fare: string }[];
  distance: { flagFall: string; perMile: string; minimum: string };
  extras: { meetGreet: string; childSeat: string; airportSurcharge: string };
  returnLegPercent: string;
  /** The driver's share (%) of a settled ride's wait and extras. */
  driverShares: Record<keyof DriverShares, string>;
}

export const EMPTY_ZONE_FARE = { from: '', to: '', fare: '' };

/** The fields of a saved table. */
export function ratesFormOf(table: RateTable): RatesFormValues {
  return {
    vehicles: table.vehicles.map((v) => ({ ...v, minimumHours: String(v.minimumHours), transferPercent: String(v.transferPercent) })),
    zoneFares: table.zoneFares.map((f) => ({ ...f })),
    distance: { ...table.distance },
    extras: { ...table.extras },
    returnLegPercent: String(table.returnLegPercent),
    driverShares: sharesText(table.driverShares ?? DEFAULT_DRIVER_SHARES),
  };
}

const sharesText = (shares: DriverShares): RatesFormValues['driverShares'] => ({
  wait: String(shares.wait),
  extraStop: String(shares.extraStop),
  tolls: String(shares.tolls),
  parking: String(shares.parking),
});

/** A whole number as typed ("3"); anything else is left for the schema to refuse with its message. */
const whole = (text: string): number | string => (/^\s*\d+\s*$/.test(text) ? Number(text) : text);

/** The body the contract checks. */
export function tableOf(values: RatesFormValues): RateTableInput {
  return {
    vehicles: values.vehicles.map((v) => ({ vehicleId: v.vehicleId, hourlyRate: v.hourlyRate, minimumHours: whole(v.minimumHours) as number, transferPercent: whole(v.transferPercent) as number })),
    zoneFares: values.zoneFares,
    distance: values.distance,
    extras: values.extras,
    returnLegPercent: whole(values.returnLegPercent) as number,
    driverShares: {
      wait: whole(values.driverShares.wait) as number,
      extraStop: whole(values.driverShares.extraStop) as number,
      tolls: whole(values.driverShares.tolls) as number,
      parking: whole(values.driverShares.parking) as number,
    },
  };
}

/** The contract's table, checked from what the fields hold (the gateway checks the same). */
export const RatesForm = formSchema<RatesFormValues, typeof RateTable>(RateTable, tableOf);

/**
 * A zone-pair row's message: the pair's own (entered twice, the same zone twice) or its first
 * field's, with zone ids named as the admin knows them ("LAX and Santa Monica").
 */
export function zoneFareMessage(errors: Partial<Record<string, string>>, index: number, zones: readonly RateZone[]): string | undefined {
  const message = errors[`zoneFares.${index}`] ?? errors[`zoneFares.${index}.from`] ?? errors[`zoneFares.${index}.to`] ?? errors[`zoneFares.${index}.fare`];
  const name = (id: string) => zones.find((z) => z.id === id)?.name ?? id;
  return message
    ?.replace(/zone pair ([a-z0-9-]+) and ([a-z0-9-]+) is entered twice/, (_all, a: string, b: string) => `zone pair ${name(a)} and ${name(b)} is entered twice: change the fare of the first one instead`)
    .replace(/two different zones \(([a-z0-9-]+)\)/, (_all, a: string) => `two different zones (${name(a)})`);
}
