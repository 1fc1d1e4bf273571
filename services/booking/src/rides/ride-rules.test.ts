import type { Vehicle } from '@limo/contracts';
import { leadTimeProblem, luggageProblem, seatingProblem } from './ride-rules.js';

const vehicle = (id: number, name: string, capacity: number, baseRate: string, isActive = true): Vehicle => ({
  id,
  name,
  category: 'sedan',
  description: name,
  capacity,
  luggageCapacity: capacity,
  baseRate,
  imageUrl: '',
  features: [],
  isActive,
});
const FLEET = [vehicle(1, 'Executive Sedan', 3, '95.00'), vehicle(2, 'Luxury SUV', 7, '125.00'), vehicle(5, 'Old Coupe', 2, '60.00', false)];

describe('leadTimeProblem (BOOKING_MIN_LEAD_MINUTES in Los Angeles time)', () => {
  const now = new Date('2026-11-23T22:00:00Z'); // Mon 23 Nov 14:00 PST
  it.each([
    ['16:00 the same day, exactly 2 hours on', '2026-11-23', '16:00', null],
    ['15:30 the same day', '2026-11-23', '15:30', 'Pickup must be at least 2 hours from now'],
    ['10:00 the same day (past)', '2026-11-23', '10:00', 'Pickup must be at least 2 hours from now'],
    ['00:30 the next day', '2026-11-24', '00:30', null],
  ])('%s: %s', (_label, pickupDate, pickupTime, expected) => {
    expect(leadTimeProblem({ pickupDate, pickupTime }, now, 120)).toBe(expected);
  });

  it('counts real time across the spring-forward night', () => {
    const late = new Date('2026-03-08T08:30:00Z'); // Sun 8 Mar 00:30 PST
    // 03:00 PDT is 10:00 UTC: 90 minutes on, though the clock moves 2 h 30.
    expect(leadTimeProblem({ pickupDate: '2026-03-08', pickupTime: '03:00' }, late, 120)).toBe('Pickup must be at least 2 hours from now');
    expect(leadTimeProblem({ pickupDate: '2026-03-08', pickupTime: '03:30' }, late, 120)).toBeNull();
  });

  it('words other lead times in minutes or hours', () => {
    expect(leadTimeProblem({ pickupDate: '2026-11-23', pickupTime: '14:30' }, now, 45)).toBe('Pickup must be at least 45 minutes from now');
    expect(leadTimeProblem({ pickupDate: '2026-11-23', pickupTime: '14:30' }, now, 60)).toBe('Pickup must be at least 1 hour from now');
  });
});

describe('seatingProblem', () => {
  it.each([
    [1, 3, null],
    [1, 4, 'The Executive Sedan seats 3: choose a larger vehicle for 4 passengers'],
    [2, 7, null],
    [5, 1, 'Vehicle 5 is not available: choose one of the active vehicles'],
    [9, 1, 'Vehicle 9 is not available: choose one of the active vehicles'],
    [1, null, null],
  ])('vehicle %i for %p passengers: %p', (vehicleId, passengers, expected) => {
    expect(seatingProblem({ vehicleId, passengers }, FLEET)).toBe(expected);
  });
});

describe('luggageProblem', () => {
  const { luggageCapacity: _unsaid, ...van } = vehicle(6, 'Van of a previous release', 10, '150.00');
  const fleet = [...FLEET, van];
  it.each([
    [1, 3, null],
    [1, 4, 'The Executive Sedan holds 3 bags: choose a larger vehicle for 4 bags'],
    [2, 7, null],
    [2, 8, 'The Luxury SUV holds 7 bags: choose a larger vehicle for 8 bags'],
    [1, undefined, null],
    // A fleet service that does not say what a vehicle holds: nothing refused for luggage.
    [6, 50, null],
    // The vehicle itself is seatingProblem's business.
    [9, 5, null],
  ])('vehicle %i with %p bags: %p', (vehicleId, luggage, expected) => {
    expect(luggageProblem({ vehicleId, luggage }, fleet)).toBe(expected);
  });
});
