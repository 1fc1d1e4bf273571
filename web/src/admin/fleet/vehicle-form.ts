import { z } from 'zod';
import { Money, VehicleCreate, type Vehicle, type VehicleCategory, type VehicleUpdate } from '@limo/contracts';

/** The vehicle form as typed: text everywhere, features one per line. */
export interface VehicleFormValues {
  name: string;
  category: VehicleCategory;
  description: string;
  capacity: string;
  luggageCapacity: string;
  baseRate: string;
  imageUrl: string;
  features: string;
  isActive: boolean;
}

export const EMPTY_VEHICLE: VehicleFormValues = {
  name: '',
  category: 'sedan',
  description: '',
  capacity: '',
  luggageCapacity: '',
  baseRate: '',
  imageUrl: '',
  features: '',
  isActive: true,
};

export const vehicleFormOf = (v: Vehicle): VehicleFormValues => ({
  name: v.name,
  category: v.category,
  description: v.description,
  capacity: String(v.capacity),
  luggageCapacity: v.luggageCapacity === undefined ? '' : String(v.luggageCapacity),
  baseRate: v.baseRate,
  imageUrl: v.imageUrl,
  features: v.features.join('\n'),
  isActive: v.isActive,
});

/** "95", "95.5", "$1,095.50" → "1095.50"; anything else is returned as typed for the schema to refuse. */
export function normaliseRate(input: string): string {
  const cleaned = input.replace(/[$,\s]/g, '');
  const match = /^(\d{1,8})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return cleaned;
  return `${match[1]}.${(match[2] ?? '').padEnd(2, '0')}`;
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const { shape } = VehicleCreate;

/**
 * The vehicle form read into a VehicleCreate body and checked with that schema's own field rules
 * (the ones the gateway applies to POST and, field by field, to PATCH). Only the typing is the
 * form's business: a blank capacity, a blank luggage capacity (the category's), and a rate that is no amount at all, get messages that say
 * what to type.
 */
export const VehicleForm = z.object({
  name: shape.name,
  category: shape.category,
  description: shape.description,
  capacity: z.string().trim().min(1, 'Capacity is required').transform(Number).pipe(shape.capacity),
  // Blank: the category's usual (the fleet service fills it in on Add; an edit leaves it as it is).
  luggageCapacity: z
    .string()
    .trim()
    .transform((typed) => (typed === '' ? undefined : Number(typed)))
    .pipe(shape.luggageCapacity),
  baseRate: z
    .string()
    .transform(normaliseRate)
    .pipe(z.string().refine((rate) => Money.safeParse(rate).success, 'Enter a rate like 95.00'))
    .pipe(shape.baseRate),
  imageUrl: shape.imageUrl,
  features: z.string().transform(lines).pipe(shape.features.unwrap()),
  isActive: shape.isActive,
});

/** Only what changed against the vehicle being edited; null when nothing did. */
export function vehicleChanges(original: Vehicle, next: VehicleCreate): VehicleUpdate | null {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof VehicleCreate)[]) {
    const before = original[key];
    const after = next[key];
    // Left blank (the luggage capacity): kept as it is.
    if (after === undefined) continue;
    const same = Array.isArray(before) && Array.isArray(after) ? before.join('\n') === after.join('\n') : before === after;
    if (!same) changes[key] = after;
  }
  return Object.keys(changes).length ? (changes as VehicleUpdate) : null;
}
