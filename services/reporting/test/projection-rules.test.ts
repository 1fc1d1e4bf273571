import type { BookingSnapshot } from '@limo/contracts';
import { contributions, factFromSnapshot } from '../src/bookings/booking-fact.js';
import { diffContributions } from '../src/projections/aggregate-tables.js';
import { average, averageCents, growthPercentage } from '../src/admin/money-math.js';
import { toCsv } from '@limo/contracts/common/csv';
import { addMonths, daysInMonth, laDate } from '../src/calendar/los-angeles.js';

const snapshot = (over: Partial<BookingSnapshot> = {}): BookingSnapshot => ({
  id: 7,
  reference: 'LX-AAAAA',
  version: 1,
  tripType: 'one-way',
  status: 'pending',
  pickupDate: '2024-03-09',
  pickupTime: '10:00',
  pickupLocation: ' LAX ',
  dropoffLocation: 'Burbank',
  duration: null,
  vehicleId: 2,
  driverId: 5,
  firstName: 'A',
  lastName: 'B',
  email: 'Ann@Example.com',
  phone: '3105550100',
  totalAmount: '120.50',
  createdAt: '2024-03-01T07:59:00.000Z',
  updatedAt: '2024-03-01T07:59:00.000Z',
  completedAt: null,
  ...over,
});

describe('booking facts', () => {
  it('takes the Los Angeles month of creation and day of completion', () => {
    const fact = factFromSnapshot(snapshot({ status: 'completed', completedAt: '2024-03-10T07:30:00.000Z' }));
    expect(fact).toMatchObject({ createdMonth: '2024-02-01', completedDay: '2024-03-09', totalCents: 12050, customerKey: 'ann@example.com', pickupLocation: 'LAX' });
  });

  it('has no completion day unless completed, and no drop-off for hourly rides', () => {
    expect(factFromSnapshot(snapshot({ status: 'confirmed', completedAt: '2024-03-10T07:30:00.000Z' })).completedDay).toBeNull();
    expect(factFromSnapshot(snapshot({ tripType: 'hourly', dropoffLocation: 'ignored' })).dropoffLocation).toBe('');
  });
});

describe('contributions and their differences', () => {
  it('counts revenue, driver and vehicle trips only for completed bookings', () => {
    const pending = contributions(factFromSnapshot(snapshot()));
    expect(pending.map((d) => d.table).sort()).toEqual(['createdMonthly', 'customer', 'route', 'status', 'vehicle']);
    const done = contributions(factFromSnapshot(snapshot({ status: 'completed', completedAt: '2024-03-05T20:00:00.000Z' })));
    expect(done.find((d) => d.table === 'revenueDaily')).toEqual({ table: 'revenueDaily', key: ['2024-03-05'], values: { revenue_cents: 12050, bookings: 1 } });
    expect(done.find((d) => d.table === 'driver')?.values).toEqual({ completed_rides: 1, revenue_cents: 12050 });
  });

  it('leaves cancelled bookings out of customers, routes and vehicle usage', () => {
    const cancelled = contributions(factFromSnapshot(snapshot({ status: 'cancelled' })));
    expect(cancelled.map((d) => d.table).sort()).toEqual(['createdMonthly', 'status']);
  });

  it('moves revenue from one day to another when a booking is re-completed', () => {
    const a = factFromSnapshot(snapshot({ status: 'completed', completedAt: '2024-03-10T07:30:00.000Z' }));
    const b = factFromSnapshot(snapshot({ version: 3, status: 'completed', completedAt: '2024-03-10T08:30:00.000Z' }));
    const diff = diffContributions(contributions(a), contributions(b));
    expect(diff).toEqual([
      { table: 'revenueDaily', key: ['2024-03-09'], values: { revenue_cents: -12050, bookings: -1 } },
      { table: 'revenueDaily', key: ['2024-03-10'], values: { revenue_cents: 12050, bookings: 1 } },
    ]);
  });

  it('changes nothing between identical states', () => {
    const a = factFromSnapshot(snapshot());
    expect(diffContributions(contributions(a), contributions({ ...a, version: 2 }))).toEqual([]);
  });
});

describe('money arithmetic', () => {
  it('averages in whole cents, rounding half up', () => {
    expect(averageCents(17500, 3)).toBe(5833);
    expect(averageCents(5, 2)).toBe(3);
    expect(average(0, 0)).toBe('0.00');
    expect(average(10001, 2)).toBe('50.01');
  });

  it('gives growth with one decimal, null without a base', () => {
    expect(growthPercentage(9000, 17000)).toBe(-47.1);
    expect(growthPercentage(0, 100)).toBe(-100);
    expect(growthPercentage(100, 0)).toBeNull();
  });
});

describe('CSV', () => {
  it('quotes separators and neutralises formulas in text', () => {
    expect(toCsv(['a', 'b'], [['x, y', 'say "hi"'], ['=SUM(A1)', -12.5], ['-3.5', null]])).toBe(
      'a,b\r\n"x, y","say ""hi"""\r\n\'=SUM(A1),-12.5\r\n-3.5,\r\n',
    );
  });
});

describe('Los Angeles calendar', () => {
  it('knows days and months', () => {
    expect(laDate(new Date('2024-03-10T07:59:59Z'))).toBe('2024-03-09');
    expect(laDate(new Date('2024-07-01T06:59:59Z'))).toBe('2024-06-30');
    expect(addMonths('2024-01-31', -1)).toBe('2023-12-01');
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2025, 2)).toBe(28);
  });
});

describe('admin totals', () => {
  it('carry sums beyond one booking\'s decimal(10,2), as a year of a busy business does', async () => {
    const { MoneyTotal } = await import('@limo/contracts');
    expect(MoneyTotal.parse('225000000.00')).toBe('225000000.00');
    expect(average(22_500_000_000, 600_000)).toBe('375.00');
    expect(() => MoneyTotal.parse('1.5')).toThrow();
  });
});
