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
  baseRate: Money,
  imageUrl: z.string(),
  features: z.array(z.string()),
  isActive: z.boolean(),
});
export type Vehicle = z.infer<typeof Vehicle>;

const vehicleFields = {
  name: z.string().trim().check(noControlCharacters('Name')).min(1, 'Name is required').max(80, 'At most 80 characters'),
  category: VehicleCategory,
  description: z.string().trim().check(noControlCharacters('Description')).min(1, 'Description is required').max(200, 'At most 200 characters'),
  capacity: z.number().int('Capacity must be a whole number').min(1, 'Capacity must be at least 1').max(60, 'Capacity must be at most 60'),
  baseRate: Money.refine((v) => !v.startsWith('-'), 'Base rate cannot be negative'),
  imageUrl: z.string().trim().check(noControlCharacters('Image URL')).max(500, 'At most 500 characters'),
  features: z
    .array(z.string().trim().check(noControlCharacters('Feature')).min(1, 'A feature cannot be empty').max(80, 'At most 80 characters'))
    .max(20, 'At most 20 features'),
  isActive: z.boolean(),
};

/** POST /api/admin/vehicles body (Add Vehicle). */
export const VehicleCreate = z
  .object({
    ...vehicleFields,
    imageUrl: vehicleFields.imageUrl.default(''),
    features: vehicleFields.features.default([]),
    isActive: vehicleFields.isActive.default(true),
  })
  .strict();
export type VehicleCreate = z.infer<typeof VehicleCreate>;

/**
 * PATCH /api/admin/vehicles/:id body (Edit, and Settings: isActive to activate/deactivate).
 * Built without defaults: a field left out stays as it is.
 */
export const VehicleUpdate = z
  .object(vehicleFields)
  .partial()
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to update' });
export type VehicleUpdate = z.infer<typeof VehicleUpdate>;
