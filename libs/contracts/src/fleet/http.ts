import { z } from 'zod';
import { Money } from '../common/money.js';
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

const vehicleFields = {
  name: z.string().trim().check(noControlCharacters('Name')).min(1, 'Name is required').max(80, 'At most 80 characters'),
  category: VehicleCategory,
  description: z.string().trim().check(noControlCharacters('Description')).min(1, 'Description is required').max(200, 'At most 200 characters'),
  capacity: z.number().int('Capacity must be a whole number').min(1, 'Capacity must be at least 1').max(60, 'Capacity must be at most 60'),
  luggageCapacity: z
    .number()
    .int('Luggage capacity must be a whole number')
    .min(0, 'Luggage capacity cannot be negative')
    .max(60, 'Luggage capacity must be at most 60'),
  baseRate: Money.refine((v) => !v.startsWith('-'), 'Base rate cannot be negative'),
  imageUrl: z.string().trim().check(noControlCharacters('Image URL')).max(500, 'At most 500 characters'),
  features: z
    .array(z.string().trim().check(noControlCharacters('Feature')).min(1, 'A feature cannot be empty').max(80, 'At most 80 characters'))
    .max(20, 'At most 20 features'),
  isActive: z.boolean(),
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
