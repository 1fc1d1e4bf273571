import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { addDays, businessToday, type CreateTripResult } from '@limo/contracts';
import type { TestStack } from './stack.js';

const LAX = 'Los Angeles International Airport (LAX), 1 World Way, Los Angeles, CA 90045';
const SANTA_MONICA = 'Santa Monica Pier, 200 Santa Monica Pier, Santa Monica, CA 90401';

/** The first Saturday at least `minDays` LA days ahead. */
function saturdayFrom(minDays: number): string {
  for (let d = minDays; d < minDays + 7; d++) {
    const date = addDays(businessToday(), d);
    if (new Date(`${date}T00:00:00Z`).getUTCDay() === 6) return date;
  }
  throw new Error('no Saturday in a week');
}

/**
 * A round trip through POST /api/trips: LAX to Santa Monica on a Saturday morning at least 3 days
 * ahead, back on the Monday evening (the return 20% off unless a better single offer applies).
 */
export async function bookRoundTrip(stack: Pick<TestStack, 'baseUrl'>, overrides: Record<string, unknown> = {}): Promise<CreateTripResult> {
  const outbound = saturdayFrom(3);
  const res = await request(stack.baseUrl)
    .post('/api/trips')
    .send({
      tripType: 'one-way',
      pickupDate: outbound,
      pickupTime: '09:00',
      pickupLocation: LAX,
      dropoffLocation: SANTA_MONICA,
      passengers: 2,
      vehicleId: 1,
      firstName: 'Rae',
      lastName: 'Roundtrip',
      email: `rae-${randomBytes(3).toString('hex')}@example.com`,
      phone: '3105550100',
      returnTrip: { pickupDate: addDays(outbound, 2), pickupTime: '18:00' },
      ...overrides,
    })
    .expect(201);
  return res.body as CreateTripResult;
}
