import { customerChangeProblem } from './customer-change-rules.js';

const ride = { driverId: null, tripLeg: null, pickupDate: new Date('2026-12-03T00:00:00Z'), pickupTime: '10:30', pickupLocation: 'LAX', dropoffLocation: 'Downtown Los Angeles', vehicleId: 1 };

describe('what a customer may change online', () => {
  it('takes any change of a ride with no chauffeur that is no round trip leg', () => {
    expect(customerChangeProblem(ride, { pickupTime: '12:00', pickupLocation: 'Santa Monica', vehicleId: 2 })).toBeNull();
  });

  it("keeps an assigned ride's time, places and vehicle, and takes its passengers and luggage", () => {
    const assigned = { ...ride, driverId: 7 };
    expect(customerChangeProblem(assigned, { pickupDate: '2026-12-04' })).toBe('chauffeur-assigned');
    expect(customerChangeProblem(assigned, { dropoffLocation: 'Burbank' })).toBe('chauffeur-assigned');
    expect(customerChangeProblem(assigned, { vehicleId: 2 })).toBe('chauffeur-assigned');
    expect(customerChangeProblem(assigned, { passengers: 3, luggage: 2 })).toBeNull();
    // The values it already has are no change.
    expect(customerChangeProblem(assigned, { pickupDate: '2026-12-03', pickupTime: '10:30', vehicleId: 1, passengers: 2 })).toBeNull();
  });

  it("keeps a round trip leg's time and places, and takes its passengers, luggage and vehicle", () => {
    const leg = { ...ride, tripLeg: 'return' };
    expect(customerChangeProblem(leg, { pickupTime: '18:00' })).toBe('round-trip-leg');
    expect(customerChangeProblem(leg, { pickupLocation: 'Pasadena' })).toBe('round-trip-leg');
    expect(customerChangeProblem(leg, { passengers: 4, luggage: 3, vehicleId: 2 })).toBeNull();
  });
});
