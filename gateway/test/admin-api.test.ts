import pg from 'pg';
import request from 'supertest';
import {
  AdminReports,
  AdminStats,
  DailyRevenue,
  Driver,
  DriverLocation,
  DriverRegistrationResult,
  MonthlyRevenue,
  RevenueSummary,
  Vehicle,
} from '@limo/contracts';
import { addDays, businessToday, LUGGAGE_BY_CATEGORY, MONTH_NAMES } from '@limo/contracts';
import { assign, book, signedInDriver } from '../../tests/support/drivers.js';
import { adminAuth, basicAuth } from '../../tests/support/admin-auth.js';
import { eventually } from '../../tests/support/stack.js';
import { withStack } from '../../tests/support/fixtures.js';

const registration = (tag: string, over: Record<string, unknown> = {}) => ({
  firstName: 'John',
  lastName: 'Smith',
  email: `john.smith.${tag}@example.com`,
  phone: '(310) 555-0199',
  licenseNumber: `D${tag}`,
  address: '100 Main St, Los Angeles, CA 90012',
  ...over,
});

/** No response may carry a password hash (or anything shaped like one). */
function expectNoHash(body: unknown): void {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/scrypt\$|passwordHash|password_hash/);
}

describe('admin API through the gateway', () => {
  const stack = withStack();
  let auth: string;

  beforeAll(async () => {
    auth = adminAuth(stack);
  });

  const get = (path: string) => request(stack.baseUrl).get(path).set('Authorization', auth);
  const post = (path: string, body?: object) => request(stack.baseUrl).post(path).set('Authorization', auth).send(body);
  const patch = (path: string, body?: object) => request(stack.baseUrl).patch(path).set('Authorization', auth).send(body);

  describe('dashboard figures', () => {
    it('GET /api/admin/stats answers the four cards, with the seeded drivers counted', async () => {
      const stats = await eventually(async () => {
        const s = AdminStats.parse((await get('/api/admin/stats').expect(200)).body);
        return s.totalDrivers === 4 ? s : undefined;
      }, 10_000, 'the demo drivers in the projection');
      expect(stats).toMatchObject({ totalBookings: 0, totalRevenue: '0.00', activeDrivers: 2, totalDrivers: 4, pendingRequests: 0 });
    });

    it('GET /api/admin/notifications gives the pending count', async () => {
      expect((await get('/api/admin/notifications').expect(200)).body).toEqual({ count: 0, alerts: [], registrations: [], flights: [], settlements: [] });
    });

    it('GET /api/admin/revenue/daily gives every day of the month asked for, up to today', async () => {
      const feb = DailyRevenue.array().parse((await get('/api/admin/revenue/daily?month=2&year=2024').expect(200)).body);
      expect(feb).toHaveLength(29);
      expect(feb[0]).toEqual({ date: '2024-02-01', totalRevenue: '0.00', bookingsCount: 0, averageBookingValue: '0.00' });
      // Days still to come are not results: this month's list ends today, next year's month is empty.
      const today = businessToday();
      const current = DailyRevenue.array().parse((await get('/api/admin/revenue/daily').expect(200)).body);
      expect(current.map((d) => d.date).at(-1)).toBe(today);
      expect(current).toHaveLength(Number(today.slice(8)));
      const nextYear = Number(today.slice(0, 4)) + 1;
      expect((await get(`/api/admin/revenue/daily?month=1&year=${nextYear}`).expect(200)).body).toEqual([]);
    });

    it('GET /api/admin/revenue/monthly gives January to December with growth, and no month still to come', async () => {
      const months = MonthlyRevenue.array().parse((await get('/api/admin/revenue/monthly?year=2025').expect(200)).body);
      expect(months.map((m) => m.month)).toEqual([
        'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December',
      ]);
      expect(months.every((m) => m.year === 2025 && m.growthPercentage === null)).toBe(true);
      const [year, month] = businessToday().split('-').map(Number);
      const thisYear = MonthlyRevenue.array().parse((await get(`/api/admin/revenue/monthly?year=${year}`).expect(200)).body);
      expect(thisYear).toHaveLength(month);
      expect((await get(`/api/admin/revenue/monthly?year=${year + 1}`).expect(200)).body).toEqual([]);
    });

    it('GET /api/admin/revenue/summary gives today, yesterday, this and last month', async () => {
      const summary = RevenueSummary.parse((await get('/api/admin/revenue/summary').expect(200)).body);
      expect(summary.today.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(summary.thisMonth.totalRevenue).toBe('0.00');
    });

    it.each([
      ['/api/admin/revenue/daily?month=13&year=2024', /month must be a whole number from 1 to 12/],
      ['/api/admin/revenue/daily?month=0', /month must be/],
      ['/api/admin/revenue/daily?month=abc&year=2024', /month must be/],
      ['/api/admin/revenue/daily?month=3&year=1999', /year must be a whole number from 2000 to 2100/],
      ['/api/admin/revenue/daily?month=3&month=4', /month/],
      ['/api/admin/revenue/monthly?year=20x5', /year must be/],
      ['/api/admin/revenue/monthly?year=2024&extra=1', /extra|Unrecognized/i],
    ])('refuses %s with a 400 naming the problem', async (path, message) => {
      const res = await get(path).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, message: expect.stringMatching(message) });
    });
  });

  describe('drivers', () => {
    it('GET /api/drivers lists every spec field and never a password', async () => {
      const res = await get('/api/drivers').expect(200);
      expectNoHash(res.body);
      const drivers = Driver.array().parse(res.body);
      expect(drivers.length).toBeGreaterThanOrEqual(4);
      for (const d of drivers) {
        expect(Object.keys(res.body[0]).sort()).toEqual(Object.keys(Driver.shape).sort());
        expect(d.rating).toMatch(/^\d\.\d{2}$/);
      }
      const onDuty = drivers.filter((d) => d.isOnDuty);
      expect(onDuty.length).toBe(2);
      expect(onDuty.every((d) => d.currentShiftStart !== null)).toBe(true);
    });

    it('GET /api/drivers/locations lists the drivers that shared a position, newest first', async () => {
      const locations = DriverLocation.array().parse((await get('/api/drivers/locations').expect(200)).body);
      expect(locations).toHaveLength(3);
      expect(locations.every((l) => /^-?\d+\.\d{8}$/.test(l.currentLatitude!) && /^-?\d+\.\d{8}$/.test(l.currentLongitude!))).toBe(true);
      const times = locations.map((l) => Date.parse(l.lastLocationUpdate!));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });

    it('registers a driver by an admin: active at once, username by the rule, a temporary password once', async () => {
      const res = await post('/api/register-driver', registration('a1')).expect(201);
      expectNoHash(res.body);
      const result = DriverRegistrationResult.parse(res.body);
      expect(result).toMatchObject({ username: 'smitjo', firstName: 'John', lastName: 'Smith', isActive: true, phone: '(310) 555-0199' });
      expect(result.temporaryPassword).toMatch(/^[A-Za-z2-9]{12}$/);
      const listed = (await get('/api/drivers').expect(200)).body as Driver[];
      expect(listed.find((d) => d.id === result.id)).toMatchObject({ username: 'smitjo', isActive: true, isOnDuty: false });
      expect(JSON.stringify(listed)).not.toContain(result.temporaryPassword);
    });

    it('adds a number when the username is taken, and lower-cases the email', async () => {
      const second = DriverRegistrationResult.parse((await post('/api/register-driver', registration('a2', { email: 'JOHN.S2@Example.com' })).expect(201)).body);
      const third = DriverRegistrationResult.parse((await post('/api/register-driver', registration('a3')).expect(201)).body);
      expect([second.username, third.username]).toEqual(['smitjo2', 'smitjo3']);
      expect(second.email).toBe('john.s2@example.com');
    });

    it('refuses a duplicate email with a 409 and a clear message, whatever its case', async () => {
      const res = await post('/api/register-driver', registration('a1', { email: 'John.Smith.A1@EXAMPLE.com' })).expect(409);
      const taken = 'A driver with this email address is already registered';
      // Named after its field, so the form shows it under Email.
      expect(res.body).toEqual({ statusCode: 409, message: taken, errors: [{ path: 'email', message: taken }] });
    });

    it('lets a driver register without credentials, inactive until approved', async () => {
      const res = await request(stack.baseUrl).post('/api/register-driver').send(registration('s1', { firstName: 'Ann', lastName: 'Lee' })).expect(201);
      const result = DriverRegistrationResult.parse(res.body);
      expect(result).toMatchObject({ username: 'leean', isActive: false });
      await request(stack.baseUrl).post('/api/register-driver').set('Authorization', basicAuth('admin', 'wrong')).send(registration('s2')).expect(401);
    });

    it.each([
      [{ firstName: '' }, 'firstName: First name is required'],
      [{ lastName: '   ' }, 'lastName: Last name is required'],
      [{ email: 'not-an-email' }, 'email: Valid email is required'],
      [{ phone: '555-0100' }, 'phone: Valid phone number is required'],
      [{ licenseNumber: '' }, 'licenseNumber: License number is required'],
      [{ address: '' }, 'address: Address is required'],
      [{ phone: 'abcdefghij' }, 'phone: Valid phone number is required'],
      [{ phone: 3105550100 }, 'phone: Valid phone number is required'],
      [{ firstName: '\u200b\u200b' }, 'firstName: First name is required'],
      // A too long value says which field it is about, as the booking form's do.
      [{ firstName: 'J'.repeat(61) }, 'firstName: First name must be at most 60 characters'],
      [{ email: `${'j'.repeat(250)}@example.com` }, 'email: Email must be at most 254 characters'],
      [{ isActive: true }, 'Unrecognized key: "isActive"'],
    ])('refuses registration %j with a 400 and writes nothing', async (change, message) => {
      const before = ((await get('/api/drivers').expect(200)).body as Driver[]).length;
      const res = await post('/api/register-driver', registration('bad', change)).expect(400);
      expect(res.body.message).toBe(message);
      expect(((await get('/api/drivers').expect(200)).body as Driver[]).length).toBe(before);
    });

    it('edits a driver (name, email, phone, licence, address) and approves one', async () => {
      const self = ((await get('/api/drivers').expect(200)).body as Driver[]).find((d) => d.username === 'leean')!;
      const res = await patch(`/api/admin/drivers/${self.id}`, {
        firstName: 'Anna',
        email: 'Anna.Lee@Example.com',
        phone: '3105550111',
        licenseNumber: 'X123',
        address: '1 Ocean Ave',
        isActive: true,
      }).expect(200);
      expectNoHash(res.body);
      expect(Driver.parse(res.body)).toMatchObject({ firstName: 'Anna', email: 'anna.lee@example.com', isActive: true, username: 'leean' });
    });

    it('refuses bad edits with 400/404/409 and writes nothing', async () => {
      const drivers = (await get('/api/drivers').expect(200)).body as Driver[];
      const target = drivers.find((d) => d.username === 'smitjo2')!;
      expect((await patch(`/api/admin/drivers/${target.id}`, { email: drivers[0].email }).expect(409)).body.message).toMatch(/already registered/);
      expect((await patch(`/api/admin/drivers/${target.id}`, {}).expect(400)).body.message).toBe('Nothing to update');
      expect((await patch(`/api/admin/drivers/${target.id}`, { phone: 42 }).expect(400)).body.message).toMatch(/^phone:/);
      expect((await patch(`/api/admin/drivers/${target.id}`, { username: 'hacker' }).expect(400)).body.message).toMatch(/Unrecognized key/);
      expect((await patch(`/api/admin/drivers/${target.id}`, { isActive: 'yes' }).expect(400)).body.message).toMatch(/^isActive:/);
      expect((await patch('/api/admin/drivers/999999', { firstName: 'X' }).expect(404)).body.message).toBe('Driver 999999 not found');
      expect((await patch('/api/admin/drivers/abc', { firstName: 'X' }).expect(400)).body.message).toBe('id must be a positive whole number');
      const after = (await get(`/api/admin/drivers/${target.id}`).expect(200)).body as Driver;
      expect(after).toEqual(target);
    });

    it('toggles duty: a shift opens and closes, and the dashboard count follows', async () => {
      const target = ((await get('/api/drivers').expect(200)).body as Driver[]).find((d) => d.username === 'smitjo')!;
      const on = Driver.parse((await post(`/api/admin/drivers/${target.id}/toggle-duty`).expect(200)).body);
      expect(on).toMatchObject({ isOnDuty: true, currentShiftStart: expect.any(String) });
      await eventually(async () => (await get('/api/admin/stats')).body.activeDrivers === 3, 10_000, 'three drivers on duty');
      const off = Driver.parse((await post(`/api/admin/drivers/${target.id}/toggle-duty`).expect(200)).body);
      expect(off).toMatchObject({ isOnDuty: false, currentShiftStart: null });
      await eventually(async () => (await get('/api/admin/stats')).body.activeDrivers === 2, 10_000, 'back to two');
    });

    it('refuses duty for a driver awaiting approval (409) and for an unknown one (404)', async () => {
      const pending = DriverRegistrationResult.parse(
        (await request(stack.baseUrl).post('/api/register-driver').send(registration('s3', { firstName: 'Pat', lastName: 'Doe' })).expect(201)).body,
      );
      expect((await post(`/api/admin/drivers/${pending.id}/toggle-duty`).expect(409)).body.message).toMatch(/awaits approval/);
      await post('/api/admin/drivers/424242/toggle-duty').expect(404);
    });
  });

  describe('fleet', () => {
    const newVehicle = {
      name: 'Sprinter Executive',
      category: 'party-bus',
      description: 'Mercedes-Benz Sprinter Executive',
      capacity: 12,
      baseRate: '250.00',
      features: ['Wi-Fi', 'Leather seats', 'Bar'],
    };

    it('adds a vehicle (active by default), shown by the public list', async () => {
      const created = Vehicle.parse((await post('/api/admin/vehicles', newVehicle).expect(201)).body);
      expect(created).toMatchObject({ ...newVehicle, isActive: true, imageUrl: '' });
      const list = Vehicle.array().parse((await request(stack.baseUrl).get('/api/vehicles').expect(200)).body);
      expect(list.map((v) => v.name)).toContain('Sprinter Executive');
    });

    it("gives a vehicle added without its luggage capacity its category's, and takes one given or edited", async () => {
      const list = (await request(stack.baseUrl).get('/api/vehicles').expect(200)).body as Vehicle[];
      expect(list.find((v) => v.name === 'Sprinter Executive')?.luggageCapacity).toBe(LUGGAGE_BY_CATEGORY['party-bus']);
      const coupe = Vehicle.parse((await post('/api/admin/vehicles', { ...newVehicle, name: 'Luggage Coupe', category: 'sedan', capacity: 2, luggageCapacity: 1 }).expect(201)).body);
      expect(coupe.luggageCapacity).toBe(1);
      const roomier = Vehicle.parse((await patch(`/api/admin/vehicles/${coupe.id}`, { luggageCapacity: 2 }).expect(200)).body);
      expect(roomier).toEqual({ ...coupe, luggageCapacity: 2 });
      expect((await patch(`/api/admin/vehicles/${coupe.id}`, { luggageCapacity: -1 }).expect(400)).body.message).toBe('luggageCapacity: Luggage capacity cannot be negative');
    });

    it('edits a vehicle and deactivates it without touching other fields', async () => {
      const list = (await request(stack.baseUrl).get('/api/vehicles').expect(200)).body as Vehicle[];
      const target = list.find((v) => v.name === 'Sprinter Executive')!;
      const edited = Vehicle.parse((await patch(`/api/admin/vehicles/${target.id}`, { baseRate: '260.00', capacity: 14 }).expect(200)).body);
      expect(edited).toEqual({ ...target, baseRate: '260.00', capacity: 14 });
      const off = Vehicle.parse((await patch(`/api/admin/vehicles/${target.id}`, { isActive: false }).expect(200)).body);
      expect(off).toEqual({ ...edited, isActive: false });
    });

    it('refuses bad vehicle input with 400/404/409 and writes nothing', async () => {
      const before = ((await request(stack.baseUrl).get('/api/vehicles').expect(200)).body as Vehicle[]);
      await post('/api/admin/vehicles', { ...newVehicle }).expect(409);
      expect((await post('/api/admin/vehicles', { ...newVehicle, name: 'X', category: 'boat' }).expect(400)).body.message).toBe('category: Category must be sedan, suv, limousine or party-bus');
      expect((await post('/api/admin/vehicles', { ...newVehicle, name: 'X', capacity: 2.5 }).expect(400)).body.message).toBe('capacity: Capacity must be a whole number');
      expect((await post('/api/admin/vehicles', { ...newVehicle, name: 'X', baseRate: '12.5' }).expect(400)).body.message).toBe('baseRate: Base rate must have exactly two decimals');
      // A too long value says which field it is about, as the booking and driver forms' do.
      expect((await post('/api/admin/vehicles', { ...newVehicle, name: 'X'.repeat(81) }).expect(400)).body.message).toBe('name: Name must be at most 80 characters');
      expect((await post('/api/admin/vehicles', { ...newVehicle, name: 'X', description: 'D'.repeat(201) }).expect(400)).body.message).toBe('description: Description must be at most 200 characters');
      expect((await patch(`/api/admin/vehicles/${before[0].id}`, { imageUrl: `/${'i'.repeat(500)}` }).expect(400)).body.message).toBe('imageUrl: Image URL must be at most 500 characters');
      expect((await patch(`/api/admin/vehicles/${before[0].id}`, { features: ['Wi-Fi', 'F'.repeat(81)] }).expect(400)).body.message).toBe('features.1: Feature must be at most 80 characters');
      expect((await post('/api/admin/vehicles', { ...newVehicle, name: 'X', baseRate: '-1.00' }).expect(400)).body.message).toMatch(/negative/);
      expect((await post('/api/admin/vehicles', { ...newVehicle, name: 'X', id: 9 }).expect(400)).body.message).toMatch(/Unrecognized key/);
      await patch('/api/admin/vehicles/9999', { isActive: false }).expect(404);
      await patch(`/api/admin/vehicles/${before[0].id}`, { name: before[1].name }).expect(409);
      await patch('/api/admin/vehicles/0', { isActive: false }).expect(400);
      expect((await request(stack.baseUrl).get('/api/vehicles').expect(200)).body).toEqual(before);
    });

    it('refuses a vehicle name that differs from another only by case or surrounding spaces, on add and on rename', async () => {
      const taken = 'A vehicle with this name already exists';
      // Named after its field, so the form shows it under Name.
      const duplicate = { statusCode: 409, message: taken, errors: [{ path: 'name', message: taken }] };
      const van = Vehicle.parse((await post('/api/admin/vehicles', { ...newVehicle, name: 'Airport Van' }).expect(201)).body);
      const rolls = Vehicle.parse((await post('/api/admin/vehicles', { ...newVehicle, name: 'Vintage Rolls' }).expect(201)).body);
      const before = (await request(stack.baseUrl).get('/api/vehicles').expect(200)).body as Vehicle[];
      expect((await post('/api/admin/vehicles', { ...newVehicle, name: 'airport van' }).expect(409)).body).toEqual(duplicate);
      expect((await post('/api/admin/vehicles', { ...newVehicle, name: '  AIRPORT VAN ' }).expect(409)).body).toEqual(duplicate);
      expect((await patch(`/api/admin/vehicles/${rolls.id}`, { name: 'AIRPORT van' }).expect(409)).body).toEqual(duplicate);
      expect((await request(stack.baseUrl).get('/api/vehicles').expect(200)).body).toEqual(before);

      // A vehicle's own name in another case is no clash, and the name keeps the case typed.
      const renamed = Vehicle.parse((await patch(`/api/admin/vehicles/${van.id}`, { name: 'AIRPORT VAN' }).expect(200)).body);
      expect(renamed).toEqual({ ...van, name: 'AIRPORT VAN' });
    });

    it('lets only one of several admins adding case variants of a name at once succeed: the database holds the rule', async () => {
      const names = ['Harbour Coach', 'harbour coach', 'HARBOUR COACH', 'Harbour coach', 'harbour Coach', 'hARBOUR cOACH'];
      const results = await Promise.all(names.map((name) => post('/api/admin/vehicles', { ...newVehicle, name })));
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      const list = (await request(stack.baseUrl).get('/api/vehicles').expect(200)).body as Vehicle[];
      expect(list.filter((v) => v.name.toLowerCase() === 'harbour coach')).toHaveLength(1);

      // The requests above rarely race past the service's check, so the index is tested by a write
      // that skips the check altogether.
      const client = new pg.Client({ connectionString: stack.env.databaseUrl });
      await client.connect();
      try {
        const insert = client.query(
          `INSERT INTO fleet.vehicles (name, category, description, capacity, luggage_capacity, base_rate, image_url, updated_at)
           VALUES ('HARBOUR coach', 'party-bus', 'x', 12, 12, 250, '', now())`,
        );
        await expect(insert).rejects.toMatchObject({ code: '23505' });
      } finally {
        await client.end();
      }
    });
  });

  describe('reports', () => {
    it('GET /api/admin/reports gives the cards, with "no data" as null where nothing exists', async () => {
      const reports = await eventually(async () => {
        const r = AdminReports.parse((await get('/api/admin/reports').expect(200)).body);
        return r.summary.fleetUtilization !== null ? r : undefined;
      }, 10_000, 'the fleet in the projection');
      expect(reports.summary).toMatchObject({ monthlyRevenue: '0.00', completedTrips: 0, activeCustomers: 0, fleetUtilization: 0 });
      expect(reports.customers).toEqual({ newCustomers: 0, returningCustomers: 0, averageTripValue: null });
      expect(reports.performance).toEqual({ onTimePerformance: null, customerSatisfaction: null, averageResponseTime: null });
    });

    it.each(['revenue', 'driver-performance', 'popular-routes', 'customer-analytics', 'vehicle-usage', 'performance-metrics'])(
      'downloads the %s report as a CSV file',
      async (name) => {
        const res = await get(`/api/admin/reports/${name}.csv`).expect(200);
        expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
        expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${name}-report-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
        expect(res.text.split('\r\n')[0]).toMatch(/^[A-Z][\w .%-]*(,[A-Z][\w .%-]*)+$/);
      },
    );

    it('says n/a or No data for a figure with nothing behind it, and lists no month still to come', async () => {
      const { driver } = await signedInDriver(stack);
      const ride = await book(stack, {}, 5, '10:00');
      await assign(stack, ride.id, driver.id).expect(200);
      // Assigned, never answered: no response time to average.
      const row = await eventually(async () => {
        const r = AdminReports.parse((await get('/api/admin/reports').expect(200)).body);
        return r.driverPerformance.find((d) => d.driverId === driver.id);
      }, 10_000, 'the assignment in the reports');
      expect(row).toMatchObject({ assignments: 1, accepted: 0, acceptanceRate: null, averageResponseSeconds: null });
      const performance = (await get('/api/admin/reports/driver-performance.csv').expect(200)).text.split('\r\n');
      const line = performance.find((l) => l.startsWith(`${driver.firstName} ${driver.lastName},`))!;
      expect(line.split(',').slice(5, 8)).toEqual(['1', 'No data', 'No data']);

      const [year, month] = businessToday().split('-').map(Number);
      const revenue = (await get('/api/admin/reports/revenue.csv').expect(200)).text.split('\r\n');
      const monthRows = revenue.filter((l) => /^[A-Z][a-z]+ \d{4},/.test(l));
      expect(monthRows.map((l) => l.split(',')[0])).toEqual(MONTH_NAMES.slice(0, month).map((name) => `${name} ${year}`));
      // A month without bookings has no average, and growth from a month without revenue is not a figure.
      for (const l of monthRows.filter((r) => r.split(',')[2] === '0')) expect(l.split(',')[3]).toBe('n/a');
      expect(revenue.some((l) => l.endsWith(',-100'))).toBe(false);
      expect(monthRows[0].split(',')[4]).toBe('n/a');
      // Leaves no pending request behind for the counts of the tests after it.
      await patch(`/api/bookings/${ride.id}`, { status: 'cancelled' }).expect(200);
      await eventually(async () => (await get('/api/admin/notifications').expect(200)).body.count === 0 && AdminStats.parse((await get('/api/admin/stats').expect(200)).body).pendingRequests === 0, 10_000, 'the ride cancelled');
    });

    it('refuses an unknown report with a 400', async () => {
      expect((await get('/api/admin/reports/secrets.csv').expect(400)).body.message).toMatch(/report must be one of revenue.csv/);
      await get('/api/admin/reports/revenue.pdf').expect(400);
    });
  });

  describe('dashboard figures follow bookings made and edited through the booking service', () => {
    it('counts a new pending request, then moves its amount into and out of the revenue as it is completed and reopened', async () => {
      const before = AdminStats.parse((await get('/api/admin/stats').expect(200)).body);
      const created = await request(stack.baseUrl)
        .post('/api/bookings')
        .send({
          tripType: 'one-way',
          pickupDate: addDays(businessToday(), 2),
          pickupTime: '09:30',
          pickupLocation: 'LAX - Los Angeles International Airport',
          dropoffLocation: 'Beverly Hills',
          duration: 1,
          firstName: 'Dana',
          lastName: 'Price',
          email: 'dana.price@example.com',
          phone: '3105550177',
          vehicleId: 1,
          paymentMethod: 'phone-card',
        })
        .expect(201);
      const id = created.body.id as number;
      const amount = Math.round(Number(created.body.totalAmount) * 100);
      const stats = async () => AdminStats.parse((await get('/api/admin/stats').expect(200)).body);
      const cents = (money: string) => Math.round(Number(money) * 100);

      await eventually(async () => (await stats()).pendingRequests === before.pendingRequests + 1, 10_000, 'the pending request');
      expect((await get('/api/admin/notifications').expect(200)).body).toEqual({ count: before.pendingRequests + 1, alerts: [], registrations: [], flights: [], settlements: [] });

      await patch(`/api/bookings/${id}`, { status: 'completed' }).expect(200);
      const done = await eventually(async () => {
        const s = await stats();
        return s.completedBookings === before.completedBookings + 1 ? s : undefined;
      }, 10_000, 'the completion');
      expect(cents(done.totalRevenue) - cents(before.totalRevenue)).toBe(amount);
      expect(done.pendingRequests).toBe(before.pendingRequests);
      const summary = RevenueSummary.parse((await get('/api/admin/revenue/summary').expect(200)).body);
      expect(cents(summary.today.totalRevenue)).toBe(amount);
      // The year selector starts at the first booking's Los Angeles year: this one's.
      expect(summary.firstYear).toBe(Number(summary.today.date.slice(0, 4)));

      await patch(`/api/bookings/${id}`, { status: 'confirmed' }).expect(200);
      const reopened = await eventually(async () => {
        const s = await stats();
        return s.completedBookings === before.completedBookings ? s : undefined;
      }, 10_000, 'the reopening');
      expect(reopened.totalRevenue).toBe(before.totalRevenue);
      const reports = AdminReports.parse((await get('/api/admin/reports').expect(200)).body);
      expect(reports.popularRoutes[0]).toMatchObject({ pickupLocation: 'LAX - Los Angeles International Airport', dropoffLocation: 'Beverly Hills', bookings: 1 });
      expect(reports.summary.activeCustomers).toBe(1);
    });
  });
});
