import type { Vehicle } from '@limo/contracts';
import { EMPTY_VEHICLE, normaliseRate, VehicleForm, vehicleChanges, vehicleFormOf } from './vehicle-form';

const vehicle: Vehicle = {
  id: 3,
  name: 'Lincoln Navigator',
  category: 'suv',
  description: 'Luxury SUV',
  capacity: 7,
  luggageCapacity: 6,
  baseRate: '145.00',
  imageUrl: '',
  features: ['Leather', 'Wi-Fi'],
  isActive: true,
};

/** The first message per field, as the form shows them. */
function errorsOf(values: typeof EMPTY_VEHICLE): Record<string, string> {
  const result = VehicleForm.safeParse(values);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

describe('vehicle form', () => {
  it('normalises typed rates to exact two-decimal amounts', () => {
    expect(normaliseRate('95')).toBe('95.00');
    expect(normaliseRate('95.5')).toBe('95.50');
    expect(normaliseRate('$1,095.50')).toBe('1095.50');
    expect(normaliseRate('abc')).toBe('abc');
  });

  it('builds the create payload with features one per line', () => {
    const result = VehicleForm.safeParse({ ...vehicleFormOf(vehicle), features: 'Leather\n\n Wi-Fi \n', baseRate: '145' });
    expect(result).toEqual({
      success: true,
      data: {
        name: 'Lincoln Navigator',
        category: 'suv',
        description: 'Luxury SUV',
        capacity: 7,
        luggageCapacity: 6,
        baseRate: '145.00',
        imageUrl: '',
        features: ['Leather', 'Wi-Fi'],
        isActive: true,
      },
    });
  });

  it('explains every missing field', () => {
    expect(errorsOf(EMPTY_VEHICLE)).toMatchObject({
      name: 'Name is required',
      description: 'Description is required',
      capacity: 'Capacity is required',
      baseRate: 'Enter a rate like 95.00',
    });
  });

  it("keeps the contract's own rules: capacity bounds and a negative rate", () => {
    expect(errorsOf({ ...vehicleFormOf(vehicle), capacity: '61', luggageCapacity: '-1', baseRate: '-5.00' })).toEqual({
      capacity: 'Capacity must be at most 60',
      luggageCapacity: 'Luggage capacity cannot be negative',
      baseRate: 'Base rate cannot be negative',
    });
  });

  it("leaves a blank luggage capacity out: the category's on Add, unchanged on Edit", () => {
    const parsed = VehicleForm.parse({ ...vehicleFormOf(vehicle), luggageCapacity: ' ' });
    expect(parsed.luggageCapacity).toBeUndefined();
    expect(vehicleChanges(vehicle, parsed)).toBeNull();
  });

  it('sends only what changed on edit', () => {
    const parsed = VehicleForm.parse({ ...vehicleFormOf(vehicle), capacity: '6', luggageCapacity: '8' });
    expect(vehicleChanges(vehicle, parsed)).toEqual({ capacity: 6, luggageCapacity: 8 });
    expect(vehicleChanges(vehicle, VehicleForm.parse(vehicleFormOf(vehicle)))).toBeNull();
  });
});
