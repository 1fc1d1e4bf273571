import { z } from 'zod';
import { amountOf, Money } from '../common/money.js';
import { noControlCharacters } from '../common/text-rule.js';

export const VehicleCategory = z.enum(['sedan', 'suv', 'limousine', 'party-bus']);
export type VehicleCategory = z.infer<typeof VehicleCategory>;

export const Vehicle = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  category: VehicleCategory,
  description: z.string(),
  capacity: z.number().int().positive(),
  /** Suitcases it holds; absent from a previous release's fleet service (then nothing is refused for luggage). */
  luggageCapacity: z.number().int().nonnegative().optional(),
  baseRate: Money,
  imageUrl: z.string(),
  features: z.array(z.string()),
  isActive: z.boolean(),
});
export type Vehicle = z.infer<typeof Vehicle>;

/** The suitcases a vehicle of each category holds when the admin does not say (and the demo fleet's). */
export const LUGGAGE_BY_CATEGORY: Record<VehicleCategory, number> = { sedan: 3, suv: 6, limousine: 4, 'party-bus': 12 };

/**
 * A vehicle's text: every refusal names its field ('Name must be at most 80 characters', not 'At
 * most 80 characters'), as the booking's and the driver registration's do.
 */
const text = (label: string, max: number, typeMessage = `${label} must be text`) =>
  z.string({ error: typeMessage }).trim().check(noControlCharacters(label)).max(max, `${label} must be at most ${max} characters`);

/** A count of the vehicle's (seats, bags): a wrong one, of whatever kind, names the field. */
const count = (label: string, min: number, belowMin: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, belowMin)
    .max(60, `${label} must be at most 60`);

const vehicleFields = {
  name: text('Name', 80, 'Name is required').min(1, 'Name is required'),
  category: z.enum(VehicleCategory.options, { error: 'Category must be sedan, suv, limousine or party-bus' }),
  description: text('Description', 200, 'Description is required').min(1, 'Description is required'),
  capacity: count('Capacity', 1, 'Capacity must be at least 1'),
  luggageCapacity: count('Luggage capacity', 0, 'Luggage capacity cannot be negative'),
  baseRate: amountOf('Base rate').refine((v) => !v.startsWith('-'), 'Base rate cannot be negative'),
  imageUrl: text('Image URL', 500),
  features: z
    .array(text('Feature', 80).min(1, 'A feature cannot be empty'), { error: 'Features must be a list' })
    .max(20, 'At most 20 features'),
  isActive: z.boolean({ error: 'Active must be true or false' }),
};

const VehicleCreateFields = z.object({
  ...vehicleFields,
  luggageCapacity: vehicleFields.luggageCapacity.optional(),
  imageUrl: vehicleFields.imageUrl.default(''),
  features: vehicleFields.features.default([]),
  isActive: vehicleFields.isActive.default(true),
});

/** POST /api/admin/vehicles body (Add Vehicle); luggageCapacity left out: its category's (LUGGAGE_BY_CATEGORY). */
export const VehicleCreate = VehicleCreateFields.strict();
export type VehicleCreate = z.infer<typeof VehicleCreate>;
/** The body before luggage capacities: fleet.vehicles.create.v1, served while gateways of the previous release send it. */
export const VehicleCreateV1 = VehicleCreateFields.omit({ luggageCapacity: true }).strict();

const { luggageCapacity: _newer, ...vehicleFieldsV1 } = vehicleFields;
const updateOf = <F extends Partial<typeof vehicleFields>>(fields: F) =>
  z
    .object(fields)
    .partial()
    .strict()
    .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to update' });

/**
 * PATCH /api/admin/vehicles/:id body (Edit, and Settings: isActive to activate/deactivate).
 * Built without defaults: a field left out stays as it is.
 */
export const VehicleUpdate = updateOf(vehicleFields);
export type VehicleUpdate = z.infer<typeof VehicleUpdate>;
/** The changes before luggage capacities: fleet.vehicles.update.v1, served while gateways of the previous release send it. */
export const VehicleUpdateV1 = updateOf(vehicleFieldsV1);
