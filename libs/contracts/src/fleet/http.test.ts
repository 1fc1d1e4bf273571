import { VehicleCreate, VehicleCreateV1, VehicleUpdate, VehicleUpdateV1 } from './http.js';

const vehicle = { name: 'Rolls-Royce Ghost', category: 'limousine', description: 'Ultra Luxury Sedan', capacity: 3, luggageCapacity: 2, baseRate: '1395.00', imageUrl: '', features: ['Wi-Fi'], isActive: true };

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

/** Each wrong value of a vehicle's field, and what refuses it: the field's name, as the booking's and the driver's forms say it. */
const refusals: [field: string, value: unknown, path: string, message: string][] = [
  ['name', 'N'.repeat(81), 'name', 'Name must be at most 80 characters'],
  ['name', '  ', 'name', 'Name is required'],
  ['name', 42, 'name', 'Name is required'],
  ['category', 'boat', 'category', 'Category must be sedan, suv, limousine or party-bus'],
  ['description', 'D'.repeat(201), 'description', 'Description must be at most 200 characters'],
  ['description', null, 'description', 'Description is required'],
  ['capacity', 61, 'capacity', 'Capacity must be at most 60'],
  ['capacity', '3', 'capacity', 'Capacity must be a whole number'],
  ['capacity', 0, 'capacity', 'Capacity must be at least 1'],
  ['luggageCapacity', 61, 'luggageCapacity', 'Luggage capacity must be at most 60'],
  ['luggageCapacity', 'two', 'luggageCapacity', 'Luggage capacity must be a whole number'],
  ['baseRate', '95', 'baseRate', 'Base rate must have exactly two decimals'],
  ['baseRate', 95, 'baseRate', 'Base rate must have exactly two decimals'],
  ['baseRate', '-1.00', 'baseRate', 'Base rate cannot be negative'],
  ['imageUrl', `/images/${'x'.repeat(500)}.jpg`, 'imageUrl', 'Image URL must be at most 500 characters'],
  ['imageUrl', 7, 'imageUrl', 'Image URL must be text'],
  ['features', ['Wi-Fi', 'F'.repeat(81)], 'features.1', 'Feature must be at most 80 characters'],
  ['features', ['Wi-Fi', ''], 'features.1', 'A feature cannot be empty'],
  ['features', [3], 'features.0', 'Feature must be text'],
  ['features', 'Wi-Fi', 'features', 'Features must be a list'],
  ['features', Array(21).fill('Wi-Fi'), 'features', 'At most 20 features'],
  ['isActive', 'yes', 'isActive', 'Active must be true or false'],
];

describe('vehicle create and update bodies', () => {
  it.each(refusals.map(([field, value, path, message]) => [`${path} ${JSON.stringify(value).slice(0, 12)}: ${message}`, field, value, path, message] as const))('refuse with %s, on add and on edit, in every version served', (_title, field, value, path, message) => {
    expect(messages(VehicleCreate.safeParse({ ...vehicle, [field]: value }))).toEqual({ [path]: message });
    expect(messages(VehicleUpdate.safeParse({ [field]: value }))).toEqual({ [path]: message });
    if (field === 'luggageCapacity') return;
    const { luggageCapacity: _left, ...v1 } = vehicle;
    expect(messages(VehicleCreateV1.safeParse({ ...v1, [field]: value }))).toEqual({ [path]: message });
    expect(messages(VehicleUpdateV1.safeParse({ [field]: value }))).toEqual({ [path]: message });
  });

  it('take the longest values they took before (only the messages changed)', () => {
    const longest = { ...vehicle, name: 'N'.repeat(80), description: 'D'.repeat(200), imageUrl: 'i'.repeat(500), features: Array(20).fill('F'.repeat(80)), capacity: 60, luggageCapacity: 60 };
    expect(VehicleCreate.safeParse(longest).success).toBe(true);
    expect(VehicleUpdate.safeParse(longest).success).toBe(true);
  });
});
