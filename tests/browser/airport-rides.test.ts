import request from 'supertest';
import { addDays, businessToday, fromCents, toCents, type Booking } from '@limo/contracts';
import { adminAuth } from '../support/admin-auth.js';
import { seriousAxeViolations } from '../support/axe.js';
import { screenshot } from '../support/browser.js';
import { assign, book } from '../support/drivers.js';
import { withStack } from '../support/fixtures.js';
import { withBrowser } from '../support/page-fixtures.js';

/*
 * Airport rides on a phone (issue 34, what is built so far): the wizard asks an airport pickup for
 * its flight and shows it before booking; the driver's card carries the flight, runs the wait clock
 * after "Arrived", holds the passenger's name up full screen, and shows the wait measured at the
 * pickup, and completes it with the extras the passenger pays for. Screenshots at 390 px in
 * test-output/screenshots.
 */

const PHONE = { width: 390, height: 844 };
const LAX = 'Los Angeles International Airport (LAX), 1 World Way, Los Angeles, CA 90045';
const HOTEL = 'The Beverly Hills Hotel, 9641 Sunset Blvd, Beverly Hills, CA 90210';

describe('airport rides on a phone', () => {
  const stack = withStack({ services: ['fleet', 'booking', 'drivers'] });
  const web = withBrowser();

  it('asks the wizard for the arriving flight and shows it on the confirmation', async () => {
    const { page, errors } = await web.open({ viewport: PHONE, timeout: 15_000 });
    await page.goto(`${stack.baseUrl}/booking`);
    const wizard = page.locator('.booking-wizard');
    await wizard.getByLabel('Pickup Date').fill(addDays(businessToday(), 6));
    await wizard.getByLabel('Pickup Time').selectOption('14:30');
    await wizard.getByRole('combobox', { name: /Pickup Location/ }).fill('LAX');
    await wizard.getByRole('combobox', { name: /Drop-off Location/ }).fill('Pasadena');
    const flight = wizard.getByLabel('Arriving Flight');
    await flight.fill('ua1542');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'airport-wizard-flight-390');
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    await wizard.getByLabel('First Name').fill('Fay');
    await wizard.getByLabel('Last Name').fill('Flyer');
    await wizard.getByLabel('Email').fill('fay.flyer@example.com');
    await wizard.getByLabel('Phone').fill('(310) 555-0177');
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    await wizard.locator('.wizard-step-count').getByText('Step 3 of 5').waitFor();
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(wizard.getByTestId('confirm-flight').innerText()).resolves.toBe('UA 1542, arriving');
    expect(errors).toEqual([]);
  });

  it("runs the driver's wait clock after Arrived, holds up the name sign, and shows the wait at the pickup", async () => {
    const ride = await book(stack, { pickupLocation: LAX, dropoffLocation: HOTEL, meetGreet: true, flightNumber: 'AA 100', firstName: 'Olivia', lastName: 'Bennett' }, 4);
    const { page, errors, agent, driver } = await web.driverPage(stack, { viewport: PHONE, timeout: 15_000 });
    await assign(stack, ride.id, driver.id).expect(200);
    await agent.post(`/api/bookings/${ride.id}/accept`).expect(200);
    await page.reload();
    const card = page.getByTestId(`ride-${ride.reference}`);
    await expect(card.getByTestId('ride-flight').innerText()).resolves.toBe('AA 100, arriving');

    await card.getByRole('button', { name: 'Start: En Route' }).click();
    await card.getByRole('button', { name: 'Arrived at Pickup' }).click();
    // The pickup is days ahead: the clock says the wait starts at the pickup time.
    await expect(card.getByTestId('wait-clock').innerText()).resolves.toMatch(/^Arrived early: the wait starts at the pickup time, 10:30 AM\. 60 minutes free\.$/);
    await screenshot(page, 'airport-driver-wait-clock-390');

    await card.getByRole('button', { name: 'Show name sign' }).click();
    const sign = page.getByRole('dialog', { name: 'Greeting sign: Olivia Bennett' });
    await sign.waitFor();
    const box = await sign.boundingBox();
    expect({ width: box?.width, height: box?.height }).toEqual({ width: PHONE.width, height: PHONE.height });
    await screenshot(page, 'airport-driver-name-sign-390');
    await page.keyboard.press('Escape');
    await sign.waitFor({ state: 'detached' });

    await card.getByRole('button', { name: 'Passenger Picked Up' }).click();
    await expect(card.getByTestId('ride-wait').innerText()).resolves.toBe('0 min (60 free)');

    // After the drop-off: the extras the passenger pays for, then Complete Ride settles the final price.
    await card.getByRole('button', { name: 'Passenger Dropped Off' }).click();
    await card.getByRole('button', { name: 'Add extra' }).click();
    await card.getByLabel('Extra 1', { exact: true }).selectOption('parking');
    await card.getByLabel('Amount ($)').fill('12.50');
    await card.getByLabel('Note').fill('LAX structure P3');
    await card.getByRole('button', { name: 'Add extra' }).click();
    await card.getByLabel('Extra 2', { exact: true }).selectOption('tolls');
    await card.getByLabel('Amount ($)').nth(1).fill('7.25');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'airport-driver-extras-390');
    await card.getByRole('button', { name: 'Complete Ride with $19.75 extras' }).click();
    await page.getByText('Ride Completed').waitFor();
    const settled = await bookingOf(ride.id);
    expect(settled.settlement).toMatchObject({ status: 'to-review', extrasTotal: '19.75', finalAmount: fromCents(toCents(ride.totalAmount) + 1975) });
    expect(errors).toEqual([]);
  });

  /** The booking as the admin API has it. */
  async function bookingOf(id: number): Promise<Booking> {
    const list = (await request(stack.baseUrl).get('/api/admin/bookings').set('Authorization', adminAuth(stack)).expect(200)).body as Booking[];
    return list.find((b) => b.id === id)!;
  }
});
