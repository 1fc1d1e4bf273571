/**
 * The public booking the bench posts (what the wizard sends): 14:30, LAX to Beverly Hills, meet &
 * greet, no party: a ride no advertised offer applies to three days ahead. The price strings are
 * the browser's estimate; the server prices it again.
 */
export function benchBookingBody(i: number, pickupDate: string, overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    tripType: 'one-way',
    pickupDate,
    pickupTime: '14:30',
    pickupLocation: 'Los Angeles International Airport (LAX), 1 World Way, Los Angeles, CA 90045',
    dropoffLocation: 'The Beverly Hills Hotel, 9641 Sunset Blvd, Beverly Hills, CA 90210',
    duration: 1,
    specialRequests: '',
    vehicleId: 1,
    firstName: 'Bench',
    lastName: `Customer${i}`,
    email: `bench${i}@example.com`,
    phone: '(310) 555-0100',
    paymentMethod: 'phone-card',
    smsUpdates: false,
    meetGreet: true,
    childSeats: false,
    baseRate: '245.00',
    serviceFee: '13.50',
    gratuity: '42.53',
    totalAmount: '326.03',
    ...overrides,
  });
}
