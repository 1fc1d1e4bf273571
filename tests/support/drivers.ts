import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import request from 'supertest';

import { addDays, businessDateTimeOf, businessToday, type Booking, type DriverRegistrationResult } from '@limo/contracts';
import { adminAuth } from './admin-auth.js';
import type { TestStack } from './stack.js';

/** A driver registered by the admin (active at once), with the one-time temporary password. */
export async function registerDriver(stack: Pick<TestStack, 'baseUrl' | 'env'>, firstName = 'Dana'): Promise<DriverRegistrationResult> {
  const tag = randomBytes(4).toString('hex');
  const res = await request(stack.baseUrl)
    .post('/api/register-driver')
    .set('Authorization', adminAuth(stack))
    .send({
      firstName,
      lastName: `Driver${tag}`,
      email: `driver-${tag}@example.com`,
      phone: '3105550123',
      licenseNumber: `D${tag}`,
      address: '1 Ocean Ave, Santa Monica, CA',
    })
    .expect(201);
  return res.body as DriverRegistrationResult;
}

export const NEW_PASSWORD = 'a-new-secret-1';

export type DriverAgent = ReturnType<typeof request.agent>;

/**
 * A browser of that driver (a cookie jar): signed in, password changed and, unless asked not
 * to, on duty.
 */
export async function signedInDriver(
  stack: Pick<TestStack, 'baseUrl' | 'env'>,
  options: { firstName?: string; onDuty?: boolean } = {},
): Promise<{ agent: DriverAgent; driver: DriverRegistrationResult; password: string }> {
  const driver = await registerDriver(stack, options.firstName);
  const agent = request.agent(stack.baseUrl);
  await agent.post('/api/drivers/login').send({ username: driver.username, password: driver.temporaryPassword }).expect(200);
  await agent
    .post('/api/drivers/current/password')
    .send({ currentPassword: driver.temporaryPassword, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })
    .expect(200);
  if (options.onDuty !== false) await agent.post('/api/drivers/current/toggle-duty').expect(200);
  return { agent, driver, password: NEW_PASSWORD };
}

/** Signs a driver in through the /login page and waits for their dashboard. */
export async function signInAsDriver(page: Page, stack: Pick<TestStack, 'baseUrl'>, username: string, password: string): Promise<void> {
  await page.goto(`${stack.baseUrl}/login`);
  await page.locator('#driver-username').fill(username);
  await page.locator('#driver-password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL('**/driver/dashboard');
}

/** A booking through the public API, `daysAhead` LA days from today at `time`. */
export async function book(stack: Pick<TestStack, 'baseUrl'>, overrides: Record<string, unknown> = {}, daysAhead = 3, time = '10:30'): Promise<Booking> {
  const res = await request(stack.baseUrl)
    .post('/api/bookings')
    .send({
      tripType: 'one-way',
      pickupDate: addDays(businessToday(), daysAhead),
      pickupTime: time,
      pickupLocation: 'Santa Monica Pier, 200 Santa Monica Pier, Santa Monica, CA 90401',
      dropoffLocation: 'Downtown Los Angeles',
      duration: 1,
      vehicleId: 1,
      firstName: 'Riley',
      lastName: 'Rider',
      email: `rider-${randomBytes(3).toString('hex')}@example.com`,
      phone: '3105559876',
      paymentMethod: 'phone-card',
      meetGreet: true,
      ...overrides,
    })
    .expect(201);
  return res.body as Booking;
}

/** The first 30-minute pickup slot at least `minutes` from now, as a booking's Los Angeles date and time. */
export function pickupIn(minutes: number, now = new Date()): { pickupDate: string; pickupTime: string } {
  const slot = 30 * 60_000;
  const { date, time } = businessDateTimeOf(new Date(Math.ceil((now.getTime() + minutes * 60_000) / slot) * slot));
  return { pickupDate: date, pickupTime: time };
}

/** The admin assigns a driver to a booking (optionally with another vehicle). */
export function assign(stack: Pick<TestStack, 'baseUrl' | 'env'>, bookingId: number, driverId: number, vehicleId?: number) {
  return request(stack.baseUrl)
    .post(`/api/admin/bookings/${bookingId}/assign`)
    .set('Authorization', adminAuth(stack))
    .send(vehicleId === undefined ? { driverId } : { driverId, vehicleId });
}
