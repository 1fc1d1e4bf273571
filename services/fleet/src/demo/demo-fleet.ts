import type { NewVehicle } from '../vehicles/vehicles.repository.js';

/**
 * The fleet the spec advertises: SUVs up to 7 passengers, limousines up to 6, party buses up
 * to 14, plus the executive sedan. Base rates are per trip; luggage in suitcases (LUGGAGE_BY_CATEGORY).
 */
export const DEMO_FLEET: NewVehicle[] = [
  {
    name: 'Executive Sedan',
    category: 'sedan',
    description: 'Mercedes-Benz S-Class',
    capacity: 3,
    luggageCapacity: 3,
    baseRate: '95.00',
    imageUrl: '/images/fleet/sedan.svg',
    features: ['Leather seating', 'Complimentary bottled water', 'Wi-Fi', 'Phone chargers'],
    isActive: true,
  },
  {
    name: 'Luxury SUV',
    category: 'suv',
    description: 'Cadillac Escalade ESV',
    capacity: 7,
    luggageCapacity: 6,
    baseRate: '125.00',
    imageUrl: '/images/fleet/suv.svg',
    features: ['Spacious luggage room', 'Captain chairs', 'Tinted privacy glass', 'Wi-Fi', 'Child seats on request'],
    isActive: true,
  },
  {
    name: 'Stretch Limousine',
    category: 'limousine',
    description: 'Lincoln Continental Stretch',
    capacity: 6,
    luggageCapacity: 4,
    baseRate: '175.00',
    imageUrl: '/images/fleet/limousine.svg',
    features: ['Privacy partition', 'Mood lighting', 'Champagne bar', 'Premium sound system'],
    isActive: true,
  },
  {
    name: 'Party Bus',
    category: 'party-bus',
    description: 'Mercedes-Benz Sprinter Party Coach',
    capacity: 14,
    luggageCapacity: 12,
    baseRate: '295.00',
    imageUrl: '/images/fleet/party-bus.svg',
    features: ['Perimeter seating', 'LED dance floor lighting', 'Surround sound', 'Wet bar', 'Restroom stops on request'],
    isActive: true,
  },
];
