import type { Vehicle } from '@limo/contracts';
import { EMPTY_VEHICLE, normaliseRate, parseVehicleForm, vehicleChanges, vehicleFormOf } from './vehicle-form';

const vehicle: Vehicle = {
  id: 3,
  name: 'Lincoln Navigator',
  category: 'suv',
  description: 'Luxury SUV',
  capacity: 7,
  baseRate: '145.00',
  imageUrl: '',
  features: ['Leather', 'Wi-Fi'],
  isActive: true,
};

describe('vehicle form', () => {
  it('normalises typed rates to exact two-decimal amounts', () => {
    expect(normaliseRate('95')).toBe('95.00');
    expect(normaliseRate('95.5')).toBe('95.50');
    expect(normaliseRate('$1,095.50')).toBe('1095.50');
    expect(normaliseRate('abc')).toBe('abc');
  });

  it('builds the create payload with features one per line', () => {
    const result = parseVehicleForm({ ...vehicleFormOf(vehicle), features: 'Leather\n\n Wi-Fi \n', baseRate: '145' });
    expect(result).toEqual({
      ok: true,
      data: {
        name: 'Lincoln Navigator',
        category: 'suv',
        description: 'Luxury SUV',
        capacity: 7,
        baseRate: '145.00',
        imageUrl: '',
        features: ['Leather', 'Wi-Fi'],
        isActive: true,
      },
    });
  });

  it('explains every missing field', () => {
    const result = parseVehicleForm(EMPTY_VEHICLE);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors).toMatchObject({
        name: 'Name is required',
        description: 'Description is required',
        capacity: 'Capacity is required',
        baseRate: 'Enter a rate like 95.00',
      });
    }
  });

  it('sends only what changed on edit', () => {
    const parsed = parseVehicleForm({ ...vehicleFormOf(vehicle), capacity: '6' });
    expect(parsed.ok && vehicleChanges(vehicle, parsed.data)).toEqual({ capacity: 6 });
    const same = parseVehicleForm(vehicleFormOf(vehicle));
    expect(same.ok && vehicleChanges(vehicle, same.data)).toBeNull();
  });
});
