import { Customer, Shift } from '@limo/contracts';

describe('customer and shift entities', () => {
  it('hold every field of the spec, with its defaults', () => {
    const customer = Customer.parse({
      id: 1,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '3105550100',
      currentLatitude: '33.94158900',
      currentLongitude: '-118.40853000',
      lastLocationUpdate: null,
      createdAt: '2026-11-21T05:00:00.000Z',
    });
    expect(customer.locationPermissionGranted).toBe(false);
    const shift = Shift.parse({ id: 1, driverId: 2, startTime: '2026-11-21T05:00:00.000Z', endTime: null, createdAt: '2026-11-21T05:00:00.000Z' });
    expect(shift).toMatchObject({ totalEarnings: '0.00', totalRides: 0 });
  });

  it('refuses coordinates beyond decimal(10,8)/(11,8) and floats for money', () => {
    const base = { id: 1, firstName: 'A', lastName: 'B', email: 'a@b.co', phone: '3105550100', lastLocationUpdate: null, createdAt: '2026-11-21T05:00:00.000Z' };
    expect(Customer.safeParse({ ...base, currentLatitude: '33.123456789', currentLongitude: null }).success).toBe(false);
    expect(Customer.safeParse({ ...base, currentLatitude: null, currentLongitude: '-1180.1' }).success).toBe(false);
    expect(Shift.safeParse({ id: 1, driverId: 2, startTime: '2026-11-21T05:00:00.000Z', endTime: null, totalEarnings: 12.5, createdAt: '2026-11-21T05:00:00.000Z' }).success).toBe(false);
  });
});
