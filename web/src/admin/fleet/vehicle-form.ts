import { VehicleCreate, type Vehicle, type VehicleCategory, type VehicleUpdate } from '@limo/contracts';

/** The vehicle form as typed: text everywhere, features one per line. */
export interface VehicleFormValues {
  name: string;
  category: VehicleCategory;
  description: string;
  capacity: string;
  baseRate: string;
  imageUrl: string;
  features: string;
  isActive: boolean;
}

export type VehicleFormErrors = Partial<Record<keyof VehicleFormValues, string>>;

export const EMPTY_VEHICLE: VehicleFormValues = {
  name: '',
  category: 'sedan',
  description: '',
  capacity: '',
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

/** Checks the form with the shared VehicleCreate schema: the payload, or one message per field. */
export function parseVehicleForm(values: VehicleFormValues): { ok: true; data: VehicleCreate } | { ok: false; errors: VehicleFormErrors } {
  const capacity = values.capacity.trim() === '' ? NaN : Number(values.capacity);
  const result = VehicleCreate.safeParse({
    name: values.name,
    category: values.category,
    description: values.description,
    capacity,
    baseRate: normaliseRate(values.baseRate),
    imageUrl: values.imageUrl,
    features: values.features
      .split('\n')
      .map((f) => f.trim())
      .filter(Boolean),
    isActive: values.isActive,
  });
  if (result.success) return { ok: true, data: result.data };
  const errors: VehicleFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof VehicleFormValues;
    if (errors[field]) continue;
    if (field === 'capacity' && Number.isNaN(capacity)) errors.capacity = 'Capacity is required';
    else if (field === 'baseRate') errors.baseRate = issue.message.startsWith('Amount') ? 'Enter a rate like 95.00' : issue.message;
    else errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/** Only what changed against the vehicle being edited; null when nothing did. */
export function vehicleChanges(original: Vehicle, next: VehicleCreate): VehicleUpdate | null {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof VehicleCreate)[]) {
    const before = original[key];
    const after = next[key];
    const same = Array.isArray(before) && Array.isArray(after) ? before.join('\n') === after.join('\n') : before === after;
    if (!same) changes[key] = after;
  }
  return Object.keys(changes).length ? (changes as VehicleUpdate) : null;
}
