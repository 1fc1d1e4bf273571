import { bagsText, defaultVehicle, largestLuggageCapacity, vehiclesSeating } from './vehicle-choice.js';

const fleet = [
  { id: 1, capacity: 3, luggageCapacity: 3, isActive: true, baseRate: '95.00' },
  { id: 2, capacity: 7, luggageCapacity: 6, isActive: true, baseRate: '125.00' },
  { id: 3, capacity: 6, luggageCapacity: 4, isActive: true, baseRate: '175.00' },
  { id: 4, capacity: 14, luggageCapacity: 12, isActive: false, baseRate: '295.00' },
];
const ids = (vehicles: { id: number }[]) => vehicles.map((v) => v.id);

describe('the vehicles a party and its luggage fit', () => {
  it('offers only the active vehicles that seat the party and hold its bags', () => {
    expect(ids(vehiclesSeating(fleet, 2))).toEqual([1, 2, 3]);
    expect(ids(vehiclesSeating(fleet, 2, 4))).toEqual([2, 3]);
    expect(ids(vehiclesSeating(fleet, 2, 5))).toEqual([2]);
    expect(ids(vehiclesSeating(fleet, 2, 12))).toEqual([]);
  });

  it('chooses vehicle 1 while it holds the bags, else the least expensive that does', () => {
    expect(defaultVehicle(fleet, 2, 3)?.id).toBe(1);
    expect(defaultVehicle(fleet, 2, 4)?.id).toBe(2);
    expect(defaultVehicle(fleet, 2, 7)).toBeNull();
  });

  it('counts what the largest active vehicle holds for the luggage choice', () => {
    expect(largestLuggageCapacity(fleet)).toBe(6);
    expect(largestLuggageCapacity([])).toBe(0);
  });

  it('words a count of bags', () => {
    expect([0, 1, 2].map(bagsText)).toEqual(['No bags', '1 bag', '2 bags']);
  });
});
