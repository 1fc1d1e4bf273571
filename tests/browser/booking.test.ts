import type { Page } from 'playwright-core';
import { addDays, Booking, businessInstant, businessToday } from '@limo/contracts';
import { adminAuth } from '../support/admin-auth.js';
import { screenshot } from '../support/browser.js';
import { withStack } from '../support/fixtures.js';
import { withBrowser } from '../support/page-fixtures.js';

/**
 * A visitor books a one-way and an hourly ride through the UI, from the home page's quick
 * booking card to the Reserve Now step; both are then found through GET /api/bookings.
 */
describe('public booking in Chromium', () => {
  const stack = withStack({ services: ['fleet', 'booking', 'drivers'] });
  const web = withBrowser({
    page: { viewport: { width: 1280, height: 900 }, geolocation: { latitude: 34.0522, longitude: -118.2437 }, permissions: ['geolocation'] },
  });
  const { page, errors } = web;
  const run = Date.now().toString(36);
  // The SUV from Santa Monica Pier to the Hollywood Bowl at 21:00, as the seeded rate table prices it.
  // No zone pair: 15.1 road miles (great-circle x 1.3) at the SUV's 130%, Late Flight Love 10% off the fare.
  const SUV_PRICE = '$101.36';
  const LIMOUSINE_PRICE = '$136.44';
  const SUV_LINES = ['Transfer fare: 15.1 road miles (estimated)$112.62', 'Offer: Late Flight Love (10% off the fare)−$11.26'];
  const tripDate = addDays(businessToday(), 5);

  const quickCard = () => page.locator('form.quick-booking');
  const wizard = () => page.locator('.booking-wizard');
  const stepCount = () => wizard().locator('.wizard-step-count').textContent();
  /** Waits for the wizard to show step n: a step changes once its fields have been checked, asynchronously. */
  const atStep = (n: number) => wizard().locator('.wizard-step-count').getByText(`Step ${n} of 5`, { exact: true }).waitFor();
  /** Options of the open address suggestion list (not the time and hour selects). */
  const suggestions = () => page.locator('ul[role="listbox"]:visible');

  /** Types into a location field, waits for the suggestion and picks it. */
  async function pickPlace(inputId: string, typed: string, suggestion: string): Promise<void> {
    const input = page.locator(`#${inputId}`);
    await input.click();
    await input.pressSequentially(typed, { delay: 20 });
    const option = suggestions().getByRole('option', { name: new RegExp(`^${suggestion.replace(/[()]/g, '\\$&')}`) });
    await option.first().waitFor();
    await option.first().click();
    await expect(input.inputValue()).resolves.toContain(suggestion);
  }

  async function fillContact(first: string, last: string, email: string, options: { meetGreet?: boolean; childSeats?: boolean } = {}) {
    await wizard().getByLabel('First Name').fill(first);
    await wizard().getByLabel('Last Name').fill(last);
    await wizard().getByLabel('Email').fill(email);
    await wizard().getByLabel('Phone').fill('(310) 555-0199');
    if (options.meetGreet) await wizard().getByLabel(/Meet & Greet/).check();
    if (options.childSeats) await wizard().getByLabel(/Child safety seats/).check();
  }

  const next = () => wizard().getByRole('button', { name: 'Next', exact: true }).click();

  /** Step 1 of a one-way ride, the places typed (no suggestion picked). */
  async function fillOneWayRide() {
    await wizard().getByLabel('Pickup Date').fill(tripDate);
    await wizard().getByLabel('Pickup Time').selectOption('14:30');
    await wizard().getByRole('combobox', { name: /Pickup Location/ }).fill('LAX');
    await wizard().getByRole('combobox', { name: /Drop-off Location/ }).fill('Pasadena');
  }

  /** Waits until the quote shown is the server's answer for the ride as entered (typing re-prices after a pause). */
  const priced = () => wizard().locator('.trip-quote:not(.updating)').first().waitFor();

  /** From an empty step 1 to the Pricing step: a one-way ride for Ada Lovelace. */
  async function reachPricing(email: string) {
    await fillOneWayRide();
    await next();
    await atStep(2);
    await fillContact('Ada', 'Lovelace', email);
    await next();
    await atStep(3);
  }

  /** Books a one-way ride through the wizard's five steps. */
  async function bookThroughWizard(email: string): Promise<void> {
    await page.goto(`${stack.baseUrl}/booking`);
    await reachPricing(email);
    await next();
    await atStep(4);
    await wizard().getByRole('button', { name: 'Proceed to Reserve' }).click();
    await wizard().getByTestId('booking-reference').waitFor();
  }

  /** Waits until a field holds the value (filled asynchronously, e.g. from geolocation). */
  async function waitForValue(locator: ReturnType<Page['locator']>, expected: string, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let value = await locator.inputValue();
    while (value !== expected && Date.now() < deadline) {
      await page.waitForTimeout(50);
      value = await locator.inputValue();
    }
    expect(value).toBe(expected);
  }

  it('books a one-way ride from the home quick form to Reserve Now', async () => {
    await page.goto(`${stack.baseUrl}/`);
    await quickCard().waitFor();
    // Date: no earlier than today in Los Angeles; time: 48 half-hour slots in 12-hour display.
    await expect(quickCard().locator('#quick-pickup-date').getAttribute('min')).resolves.toBe(businessToday());
    const slots = await quickCard().locator('#quick-pickup-time option').allTextContents();
    expect(slots.slice(1)).toHaveLength(48);
    expect(slots).toEqual(expect.arrayContaining(['12:00 AM', '2:30 PM', '11:30 PM']));

    // Submitting empty shows the inline errors and goes nowhere.
    await quickCard().getByRole('button', { name: 'Continue Booking' }).click();
    await quickCard().getByText('Pickup date is required').waitFor();
    await expect(quickCard().getByText('Drop-off location is required').isVisible()).resolves.toBe(true);
    expect(new URL(page.url()).pathname).toBe('/');

    await quickCard().locator('#quick-pickup-date').fill(tripDate);
    await quickCard().locator('#quick-pickup-time').selectOption('14:30');
    // Suggestions: a searching indicator, then the airport first for 'lax'.
    const pickup = page.locator('#quick-pickup-location');
    await pickup.click();
    await pickup.pressSequentially('la', { delay: 20 });
    await page.waitForTimeout(450);
    await expect(page.locator('ul[role="listbox"] [role="option"]').count()).resolves.toBe(0); // under 3 characters: no search
    await pickup.pressSequentially('x', { delay: 20 });
    await page.getByText('Searching...').waitFor();
    const first = suggestions().getByRole('option').first();
    await first.waitFor();
    await expect(first.locator('.suggestion-main').textContent()).resolves.toBe('Los Angeles International Airport (LAX)');
    await expect(first.locator('.suggestion-detail').textContent()).resolves.toContain('1 World Way, Los Angeles, CA 90045');
    await screenshot(page, 'booking-quick-card-suggestions');
    await pickup.press('ArrowDown');
    await pickup.press('Enter');
    await expect(pickup.inputValue()).resolves.toBe('Los Angeles International Airport (LAX), 1 World Way, Los Angeles, CA 90045');
    await pickPlace('quick-dropoff-location', 'beverly hills hotel', 'The Beverly Hills Hotel');
    await quickCard().getByRole('button', { name: 'Continue Booking' }).click();

    // The wizard opens at step 2 with the ride prefilled, and the saved entry is gone.
    await page.waitForURL(/\/booking\?prefill=true$/);
    await atStep(2);
    await wizard().getByRole('heading', { name: 'Contact Info' }).waitFor();
    await expect(page.evaluate(() => sessionStorage.getItem('bookingPrefill'))).resolves.toBeNull();

    // Step 2 validates with the contract's messages.
    await next();
    for (const message of ['First name is required', 'Last name is required', 'Valid email is required', 'Valid phone number is required']) {
      await wizard().getByText(message).waitFor();
    }
    await expect(stepCount()).resolves.toBe('Step 2 of 5');
    const email = `one-way.${run}@example.com`;
    await fillContact('Ada', 'Lovelace', email, { meetGreet: true });
    await next();

    // Step 3: the server's quote from the rate table (LAX to Beverly Hills $75.00 with the airport surcharge, Meet & Greet $25.00); later steps cannot be clicked.
    await atStep(3);
    await priced();
    await expect(wizard().getByTestId('estimated-total').textContent()).resolves.toBe('$100.00');
    await expect(wizard().locator('.price-table tbody tr').allTextContents()).resolves.toEqual(['Transfer fare: LAX to Beverly Hills$65.00', 'Airport surcharge$10.00', 'Meet & Greet$25.00']);
    await expect(wizard().getByRole('button', { name: /Confirmation/ }).isDisabled()).resolves.toBe(true);
    await expect(wizard().getByRole('button', { name: /Reserve Now/ }).isDisabled()).resolves.toBe(true);
    // A completed step can be clicked to go back: step 1 shows what the quick form saved.
    await wizard().getByRole('button', { name: /Ride Details/ }).click();
    await atStep(1);
    await expect(wizard().getByLabel('Pickup Date').inputValue()).resolves.toBe(tripDate);
    await expect(wizard().getByLabel('Pickup Time').inputValue()).resolves.toBe('14:30');
    await expect(wizard().getByRole('combobox', { name: /Drop-off Location/ }).inputValue()).resolves.toContain('The Beverly Hills Hotel');
    await next();
    await atStep(2);
    await next();
    await atStep(3);
    await next();

    // Step 4: confirmation; the button reads 'Creating Booking...' while the call is in flight.
    await atStep(4);
    await wizard().getByText('Los Angeles International Airport (LAX), 1 World Way').waitFor();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/bookings', async (route) => {
      await held;
      await route.continue();
    });
    await wizard().getByRole('button', { name: 'Proceed to Reserve' }).click();
    const busy = wizard().getByRole('button', { name: 'Creating Booking...' });
    await busy.waitFor();
    await expect(busy.isDisabled()).resolves.toBe(true);
    release();

    // Step 5: phone to call, caller's name, total, trip date and the booking reference.
    await wizard().getByRole('heading', { name: 'Reserve Now' }).waitFor();
    await atStep(5);
    await page.getByTestId('toast').getByText('Booking Created Successfully!').waitFor();
    await expect(wizard().getByText('(310) 555-0142').isVisible()).resolves.toBe(true);
    await expect(wizard().getByTestId('caller-name').textContent()).resolves.toBe('Ada Lovelace');
    await expect(wizard().getByTestId('reserve-total').textContent()).resolves.toBe('$100.00');
    await expect(wizard().getByTestId('trip-date').textContent()).resolves.toMatch(/^\w+day, \w+ \d{1,2}, \d{4} at 2:30 PM$/);
    const reference = (await wizard().getByTestId('booking-reference').textContent())!;
    expect(reference).toMatch(/^LX-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{5}$/);
    await screenshot(page, 'booking-reserve-now');
    await expect(wizard().getByRole('link', { name: 'Manage a Booking' }).getAttribute('href')).resolves.toBe('/booking/manage');
    await wizard().getByRole('link', { name: 'Book Another Ride' }).click();
    await page.waitForURL(`${stack.baseUrl}/`);
    expect(errors).toEqual([]);
  });

  it.each([390, 1440])("draws the quick card's address suggestions over the hero's scene controls and past the hero at %i px", async (width) => {
    await page.setViewportSize({ width, height: 844 });
    await page.goto(`${stack.baseUrl}/`);
    const dropoff = quickCard().locator('#quick-dropoff-location');
    await dropoff.scrollIntoViewIfNeeded();
    await dropoff.click();
    await dropoff.pressSequentially('hotel', { delay: 20 });
    await suggestions().getByRole('option').first().waitFor();
    // What is drawn at each point of the list: the list itself, not the pause button, a dot or the next section.
    const drawn = await page.evaluate(() => {
      const list = [...document.querySelectorAll<HTMLElement>('ul[role="listbox"]')].find((l) => l.offsetParent)!;
      const box = list.getBoundingClientRect();
      const points: [string, number, number][] = [];
      for (const control of document.querySelectorAll('.hero-pause, .hero-dot')) {
        const c = control.getBoundingClientRect();
        const [x, y] = [c.left + c.width / 2, c.top + c.height / 2];
        if (x > box.left && x < box.right && y > box.top && y < box.bottom) points.push([control.getAttribute('aria-label')!, x, y]);
      }
      for (const option of list.querySelectorAll('[role="option"]')) {
        const o = option.getBoundingClientRect();
        if (o.bottom <= box.bottom && o.bottom <= window.innerHeight) points.push([option.textContent!, o.left + o.width / 2, o.top + o.height / 2]);
      }
      return { checked: points.length, notTheList: points.filter(([, x, y]) => !list.contains(document.elementFromPoint(x, y))).map(([name]) => name) };
    });
    await page.screenshot({ path: `${process.cwd()}/test-output/screenshots/booking-quick-card-suggestions-over-hero-${width}.png` });
    expect(drawn.checked).toBeGreaterThan(2);
    expect(drawn.notTheList).toEqual([]);
  });

  it('books an hourly ride from the home quick form, surviving a failed attempt on step 4', async () => {
    await page.goto(`${stack.baseUrl}/`);
    await quickCard().waitFor();
    await quickCard().getByText('Hourly', { exact: true }).click();
    const hours = await quickCard().locator('#quick-duration option').allTextContents();
    expect(hours).toEqual(['1 hour', ...Array.from({ length: 11 }, (_, i) => `${i + 2} hours`)]);
    await quickCard().locator('#quick-pickup-date').fill(tripDate);
    await quickCard().locator('#quick-pickup-time').selectOption('09:00');
    await pickPlace('quick-pickup-location', 'union station', 'Union Station');
    await quickCard().locator('#quick-duration').selectOption('4');
    await quickCard().getByRole('button', { name: 'Continue Booking' }).click();
    await page.waitForURL(/\/booking\?prefill=true$/);
    await atStep(2);

    // Back to step 1: the wizard offers 3-24 hours; use the current location as the pickup.
    await wizard().getByRole('button', { name: 'Back' }).click();
    await atStep(1);
    await expect(wizard().getByRole('button', { name: 'Back' }).count()).resolves.toBe(0);
    const durations = await wizard().getByLabel('Duration').locator('option').allTextContents();
    expect(durations[0]).toBe('3 hours');
    expect(durations.at(-1)).toBe('24 hours');
    await expect(wizard().getByLabel('Duration').inputValue()).resolves.toBe('4');
    await wizard().getByRole('button', { name: 'Use my current location' }).click();
    await waitForValue(wizard().getByRole('combobox', { name: /Pickup Location/ }), '34.052200, -118.243700');
    await wizard().getByRole('button', { name: '+ Add a stop' }).click();
    const stopInput = wizard().getByRole('combobox', { name: 'Stop 1' });
    await stopInput.fill('Griffith Observatory');
    await wizard().getByLabel('Special Requests').fill('Bottled water, please');
    await next();

    const email = `hourly.${run}@example.com`;
    await fillContact('Grace', 'Hopper', email, { childSeats: true });
    await next();
    // 4 hours at $100.00 and a child seat at $15.00, fee and gratuity included.
    await priced();
    await expect(wizard().getByTestId('estimated-total').textContent()).resolves.toBe('$415.00');
    await next();

    // The first attempt fails: a destructive toast, and the wizard stays on step 4.
    await page.route('**/api/bookings', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"statusCode":503,"message":"down"}' }));
    await wizard().getByRole('button', { name: 'Proceed to Reserve' }).click();
    const toast = page.getByTestId('toast');
    await toast.getByText('Booking Failed').waitFor();
    await expect(toast.getByText('There was an error creating your booking. Please try again.').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('toast').count()).resolves.toBe(1);
    await expect(stepCount()).resolves.toBe('Step 4 of 5');
    await page.unroute('**/api/bookings');

    await wizard().getByRole('button', { name: 'Proceed to Reserve' }).click();
    await wizard().getByRole('heading', { name: 'Reserve Now' }).waitFor();
    await toast.getByText('Booking Created Successfully!').waitFor();
    await expect(page.getByTestId('toast').count()).resolves.toBe(1);
    await expect(wizard().getByTestId('caller-name').textContent()).resolves.toBe('Grace Hopper');
    await expect(wizard().getByTestId('reserve-total').textContent()).resolves.toBe('$415.00');
    await screenshot(page, 'booking-hourly-reserve-now');
    expect(errors.filter((e) => !/503/.test(e))).toEqual([]);
  });

  it("carries 2 hours from the quick card over as the wizard's 3-hour minimum, saying so", async () => {
    await page.goto(`${stack.baseUrl}/`);
    await quickCard().waitFor();
    await quickCard().getByText('Hourly', { exact: true }).click();
    await quickCard().locator('#quick-pickup-date').fill(tripDate);
    await quickCard().locator('#quick-pickup-time').selectOption('18:00');
    await pickPlace('quick-pickup-location', 'union station', 'Union Station');
    await quickCard().locator('#quick-duration').selectOption('2');
    await quickCard().getByRole('button', { name: 'Continue Booking' }).click();
    await page.waitForURL(/\/booking\?prefill=true$/);

    const note = wizard().getByTestId('minimum-hours-note');
    await expect(note.textContent()).resolves.toContain('Hourly service has a 3-hour minimum, so your ride is booked for 3 hours (you chose 2 hours).');
    // Kept with the draft: a reload still says why.
    await page.reload();
    await atStep(2);
    await expect(note.textContent()).resolves.toContain('(you chose 2 hours)');
    await wizard().getByRole('button', { name: 'Back' }).click();
    await atStep(1);
    const duration = wizard().getByLabel('Duration');
    await expect(duration.inputValue()).resolves.toBe('3');
    expect(await duration.locator('option').allTextContents()).not.toContain('2 hours');
    await expect(note.isVisible()).resolves.toBe(true);
    await next();
    await fillContact('Min', 'Hours', `minimum.${run}@example.com`);
    await next();
    // Three hours: the quote and its line name the hours that are booked.
    await wizard().getByRole('rowheader', { name: 'Hourly: 3 hours at $100.00 an hour' }).waitFor();
    await expect(wizard().getByRole('row', { name: /Hourly:/ }).textContent()).resolves.toContain('$300.00');
    await expect(note.isVisible()).resolves.toBe(true);
    await screenshot(page, 'booking-minimum-hours-note');
    expect(errors).toEqual([]);
  });

  it('brings the first invalid field into view and focuses it on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${stack.baseUrl}/booking`);
    await wizard().getByRole('heading', { name: 'Ride Details' }).waitFor();
    await next();
    await wizard().getByText('Pickup date is required').waitFor();
    // The Next button sits below the last field: the first one is far above it.
    const focused = await page.evaluate(() => {
      const field = document.activeElement as HTMLElement;
      const area = field.closest('.field')!.getBoundingClientRect();
      const header = document.querySelector('.public-header')!.getBoundingClientRect();
      return { label: field.labels?.[0]?.textContent, top: area.top, bottom: area.bottom, headerBottom: header.bottom, height: window.innerHeight };
    });
    expect(focused.label).toMatch(/^Pickup Date/);
    expect(focused.top).toBeGreaterThanOrEqual(focused.headerBottom);
    expect(focused.bottom).toBeLessThanOrEqual(focused.height);
    await page.screenshot({ path: `${process.cwd()}/test-output/screenshots/booking-first-error-390.png` });
    expect(errors).toEqual([]);
  });

  it('finds both bookings through GET /api/bookings with the server prices', async () => {
    const res = await fetch(`${stack.baseUrl}/api/bookings`, { headers: { Authorization: adminAuth(stack) } });
    expect(res.status).toBe(200);
    const bookings = Booking.array().parse(await res.json());
    const oneWay = bookings.find((b) => b.email === `one-way.${run}@example.com`);
    const hourly = bookings.find((b) => b.email === `hourly.${run}@example.com`);
    expect(oneWay).toMatchObject({
      tripType: 'one-way',
      status: 'pending',
      pickupDate: tripDate,
      pickupTime: '14:30',
      pickupLocation: 'Los Angeles International Airport (LAX), 1 World Way, Los Angeles, CA 90045',
      dropoffLocation: expect.stringContaining('The Beverly Hills Hotel'),
      meetGreet: true,
      totalAmount: '100.00',
      paymentMethod: 'phone-card',
    });
    expect(hourly).toMatchObject({
      tripType: 'hourly',
      status: 'pending',
      pickupTime: '09:00',
      pickupLocation: '34.052200, -118.243700',
      dropoffLocation: null,
      duration: 4,
      waypoints: ['Griffith Observatory'],
      specialRequests: 'Bottled water, please',
      childSeats: true,
      totalAmount: '415.00',
    });
    expect(bookings.filter((b) => b.email === `hourly.${run}@example.com`)).toHaveLength(1);
  });

  it("stops at 'Missing Information' when the saved ride is no longer valid, without calling the server", async () => {
    const posts: string[] = [];
    page.on('request', (req) => req.method() === 'POST' && req.url().endsWith('/api/bookings') && posts.push(req.url()));
    await page.goto(`${stack.baseUrl}/`);
    const stale = { tripType: 'one-way', pickupDate: addDays(businessToday(), -1), pickupTime: '10:00', pickupLocation: 'LAX', dropoffLocation: 'Pasadena' };
    await page.evaluate((value) => sessionStorage.setItem('bookingPrefill', value), JSON.stringify(stale));
    await page.goto(`${stack.baseUrl}/booking?prefill=true`);
    await atStep(2);
    await fillContact('Alan', 'Turing', `stale.${run}@example.com`);
    await next();
    await atStep(3);
    // A ride in the past has no time on offer (cleared) and cannot be priced: step 3 says so and offers the way back.
    await wizard().getByTestId('quote-problem').getByText('Your ride needs its date, time and route before it can be priced.').waitFor();
    await expect(wizard().getByRole('button', { name: 'Change the ride' }).isVisible()).resolves.toBe(true);
    await next();
    await wizard().getByRole('button', { name: 'Proceed to Reserve' }).click();
    const toast = page.getByTestId('toast');
    await toast.getByText('Missing Information').waitFor();
    await expect(toast.getByText('Please ensure all required fields are filled.').isVisible()).resolves.toBe(true);
    await atStep(1);
    await wizard().getByText('Pickup date cannot be in the past').waitFor();
    expect(posts).toEqual([]);

    // Swiped to the right: short of 50 px it slides back, past it it is dismissed (spec section 9).
    const swipe = async (dx: number) => {
      const box = (await toast.boundingBox())!;
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + 20, y);
      await page.mouse.down();
      await page.mouse.move(box.x + 20 + dx / 2, y, { steps: 3 });
      await page.mouse.move(box.x + 20 + dx, y, { steps: 3 });
      await page.mouse.up();
    };
    await swipe(40);
    await expect(toast.getByText('Missing Information').isVisible()).resolves.toBe(true);
    await swipe(60);
    await toast.waitFor({ state: 'detached', timeout: 1000 });
    expect(errors).toEqual([]);
  });

  it('explains a refused location request and starts at step 1 when the saved ride cannot be read', async () => {
    const { page: p, errors: pageErrors } = await web.open({ permissions: [] });
    await p.goto(`${stack.baseUrl}/`);
    await p.evaluate(() => sessionStorage.setItem('bookingPrefill', '{not json'));
    await p.goto(`${stack.baseUrl}/booking?prefill=true`);
    await p.locator('.wizard-step-count').getByText('Step 1 of 5').waitFor();
    await expect(p.evaluate(() => sessionStorage.getItem('bookingPrefill'))).resolves.toBeNull();
    await p.getByRole('button', { name: 'Use my current location' }).click();
    await p.getByText('Location access denied by user.').waitFor();
    await p.getByRole('button', { name: 'Next', exact: true }).click();
    for (const message of ['Pickup date is required', 'Pickup time is required', 'Pickup location is required', 'Drop-off location is required']) {
      await p.getByText(message).waitFor();
    }
    await expect(p.locator('#main [aria-invalid="true"]').count()).resolves.toBeGreaterThanOrEqual(4);
    expect(pageErrors).toEqual([]);
  });
  it('seats a group of 6 in the SUV with their 5 bags, shows Late Flight Love on a 21:00 ride, and locks the stored quote on Reserve Now', async () => {
    await page.goto(`${stack.baseUrl}/booking`);
    const step1 = wizard().locator('.wizard-fields');
    await step1.waitFor();
    // Passengers go up to what the largest vehicle in service seats (the Party Bus: 14).
    await wizard().getByTestId('vehicle-1').waitFor();
    const passengers = wizard().getByRole('combobox', { name: /^Passengers/ });
    await expect(passengers.locator('option').count()).resolves.toBe(14);
    // Vehicle 1 is chosen while it fits.
    await expect(wizard().getByTestId('vehicle-1').locator('input').isChecked()).resolves.toBe(true);
    await passengers.selectOption('6');
    // The sedan (3 seats) is no longer offered; the SUV, the least expensive that seats 6, is chosen.
    await expect(wizard().getByTestId('vehicle-1').count()).resolves.toBe(0);
    const suv = wizard().getByTestId('vehicle-2');
    await expect(suv.locator('input').isChecked()).resolves.toBe(true);
    await expect(suv.textContent()).resolves.toContain('Up to 7 passengers');
    // No price until the route is known: never a figure of the browser's own.
    await expect(wizard().getByTestId('vehicle-price-2').textContent()).resolves.toBe('Price shown once the route is entered');
    await wizard().getByLabel('Pickup Date').fill(tripDate);
    await wizard().getByLabel('Pickup Time').selectOption('21:00');
    await pickPlace(String(await wizard().getByRole('combobox', { name: /Pickup Location/ }).getAttribute('id')), 'santa monica pier', 'Santa Monica Pier');
    await screenshot(page, 'booking-step1-vehicle-1280');
    // A party of 2 keeps the SUV the customer has.
    await passengers.selectOption('2');
    await expect(suv.locator('input').isChecked()).resolves.toBe(true);
    await pickPlace(String(await wizard().getByRole('combobox', { name: /Drop-off Location/ }).getAttribute('id')), 'hollywood bowl', 'Hollywood Bowl');
    // Each vehicle that seats the party shows the server's price for this ride.
    await wizard().getByTestId('vehicle-price-2').getByText(SUV_PRICE).waitFor();
    await expect(wizard().getByTestId('vehicle-price-3').textContent()).resolves.toBe(LIMOUSINE_PRICE);
    // Bags go up to what the largest vehicle holds (the Party Bus: 12); 5 leave out the limousine (4), the SUV (6) stays.
    const luggage = wizard().getByRole('combobox', { name: /^Luggage/ });
    await expect(luggage.locator('option').count()).resolves.toBe(13);
    await luggage.selectOption('5');
    await expect(wizard().getByTestId('vehicle-3').count()).resolves.toBe(0);
    await expect(suv.locator('input').isChecked()).resolves.toBe(true);
    await expect(suv.textContent()).resolves.toContain('Up to 7 passengers, 6 bags');
    await next();
    await fillContact('Late', 'Flyer', `late.${run}@example.com`);
    await next();

    // Pricing: the SUV's fare and the offer as their own lines, the total as the vehicle choice said.
    await atStep(3);
    await priced();
    const lines = wizard().locator('.price-table tbody tr');
    await expect(lines.allTextContents()).resolves.toEqual(SUV_LINES);
    await expect(wizard().getByTestId('estimated-total').textContent()).resolves.toBe(SUV_PRICE);
    await next();
    await expect(wizard().getByText('Offer: Late Flight Love').isVisible()).resolves.toBe(true);
    await expect(wizard().getByTestId('confirm-luggage').textContent()).resolves.toBe('5 bags');
    await wizard().getByRole('button', { name: 'Proceed to Reserve' }).click();

    // Reserve Now: the quote the server stored with the booking, with its reference.
    await wizard().getByRole('heading', { name: 'Reserve Now' }).waitFor();
    const reference = (await wizard().getByTestId('booking-reference').textContent())!;
    const shown = await wizard().getByTestId('locked-quote').locator('tr').allTextContents();
    const res = await fetch(`${stack.baseUrl}/api/bookings`, { headers: { Authorization: adminAuth(stack) } });
    const stored = Booking.array().parse(await res.json()).find((b) => b.reference === reference)!;
    expect(stored).toMatchObject({ passengers: 2, luggage: 5, vehicleId: 2, pickupTime: '21:00' });
    expect(stored.price).toMatchObject({ offer: { code: 'late-flight-love' }, total: SUV_PRICE.slice(1) });
    expect(shown).toEqual([...SUV_LINES, `Total${SUV_PRICE}`]);
    await expect(wizard().getByRole('heading', { name: `Your quote, locked to ${reference}` }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'booking-reserve-now-locked-quote');
    expect(errors).toEqual([]);
  });

  it('does not offer today the times inside the 2-hour lead time', async () => {
    await page.goto(`${stack.baseUrl}/booking`);
    await wizard().getByLabel('Pickup Date').fill(businessToday());
    const offered = (await wizard().getByLabel('Pickup Time').locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).filter(Boolean);
    const earliest = Date.now() + 120 * 60_000;
    for (const time of offered) expect(businessInstant(businessToday(), time).getTime()).toBeGreaterThanOrEqual(earliest);
    expect(offered.length).toBeLessThan(48);
  });

  it("books a round trip: both legs priced by the server, the return 20% off, two linked bookings; one way is the home page's figure", async () => {
    // The home page's sample fare for LAX to Santa Monica, from the price guide ("$70").
    await page.goto(`${stack.baseUrl}/`);
    const homeFare = page.locator('.destination-card', { hasText: 'LAX to Santa Monica' }).locator('.destination-fare strong');
    await homeFare.getByText(/^\$\d/).waitFor();
    const advertised = (await homeFare.textContent())!.trim();
    await page.goto(`${stack.baseUrl}/booking`);
    await wizard().locator('.wizard-fields').waitFor();
    await wizard().getByLabel('Pickup Date').fill(tripDate);
    await wizard().getByLabel('Pickup Time').selectOption('15:00');
    await wizard().getByRole('combobox', { name: /Pickup Location/ }).fill('LAX');
    await wizard().getByRole('combobox', { name: /Drop-off Location/ }).fill('Santa Monica');
    // The suggestions close, as typed (they would cover the fields below).
    await wizard().getByRole('combobox', { name: /Drop-off Location/ }).press('Escape');
    // One way: LAX to Santa Monica, the home page's figure to the cent (15:00: outside the Executive Hour).
    await wizard().getByTestId('vehicle-price-1').getByText('$70.00').waitFor();
    expect(advertised).toBe('$70');
    expect(await wizard().getByTestId('vehicle-price-1').textContent()).toBe(/\./.test(advertised) ? advertised : `${advertised}.00`);

    await wizard().getByTestId('return-trip').check();
    await wizard().getByLabel('Return Date').fill(tripDate);
    await wizard().getByLabel('Return Time').selectOption('09:00');
    // A return before the outbound: the server's rule, beside the return's fields.
    await wizard().getByTestId('return-problem').getByText('The return must be after the outbound ride ends').waitFor();
    // The next day, under the 7 days of Advance Booking: Roundtrip Relax is the return's best saving.
    const returnDate = addDays(tripDate, 1);
    await wizard().getByLabel('Return Date').fill(returnDate);
    await wizard().getByLabel('Return Time').selectOption('16:00');
    await expect(wizard().getByRole('combobox', { name: /Return Pickup/ }).getAttribute('placeholder')).resolves.toBe('Santa Monica');
    // Both legs in the vehicle's price: $70.00 and $58.00.
    await wizard().getByTestId('vehicle-price-1').getByText('$128.00').waitFor();
    await expect(wizard().getByTestId('return-problem').count()).resolves.toBe(0);
    await screenshot(page, 'booking-round-trip-step1');
    await next();
    await fillContact('Round', 'Tripper', `round-trip.${run}@example.com`);
    await next();

    await atStep(3);
    await priced();
    await expect(wizard().getByTestId('outbound-quote').locator('tbody tr').allTextContents()).resolves.toEqual([
      'Transfer fare: LAX to Santa Monica$60.00',
      'Airport surcharge$10.00',
    ]);
    await expect(wizard().getByTestId('return-quote').locator('tbody tr').allTextContents()).resolves.toEqual([
      'Transfer fare: Santa Monica to LAX$60.00',
      'Airport surcharge$10.00',
      'Roundtrip Relax (20% off the return)−$12.00',
    ]);
    await expect(wizard().getByTestId('trip-total').textContent()).resolves.toBe('$128.00');
    await next();
    await atStep(4);
    await expect(wizard().getByTestId('confirm-return').textContent()).resolves.toContain('from Santa Monica to LAX');
    await wizard().getByRole('button', { name: 'Proceed to Reserve' }).click();

    await wizard().getByRole('heading', { name: 'Reserve Now' }).waitFor();
    const tripReference = (await wizard().getByTestId('trip-reference').textContent())!;
    const outbound = (await wizard().getByTestId('booking-reference').textContent())!;
    const back = (await wizard().getByTestId('return-reference').textContent())!;
    expect(tripReference).toMatch(/^RT-/);
    await expect(wizard().getByTestId('reserve-total').textContent()).resolves.toBe('$128.00');
    await screenshot(page, 'booking-round-trip-reserve-now');

    const res = await fetch(`${stack.baseUrl}/api/bookings`, { headers: { Authorization: adminAuth(stack) } });
    const legs = Booking.array().parse(await res.json()).filter((b) => b.tripReference === tripReference);
    expect(legs.map((b) => [b.reference, b.tripLeg, b.totalAmount, b.pickupDate, b.pickupLocation])).toEqual(
      expect.arrayContaining([
        [outbound, 'outbound', '70.00', tripDate, 'LAX'],
        [back, 'return', '58.00', returnDate, 'Santa Monica'],
      ]),
    );
    expect(legs).toHaveLength(2);
    expect(errors.filter((e) => !/400/.test(e))).toEqual([]);
  });

  it("moves between steps with the browser's Back and Forward and keeps the draft across a reload, until the booking is made", async () => {
    const email = `history.${run}@example.com`;
    const pickup = () => wizard().getByRole('combobox', { name: /Pickup Location/ });
    await page.goto(`${stack.baseUrl}/`);
    await page.goto(`${stack.baseUrl}/booking`);
    await reachPricing(email);
    await priced();
    // LAX to Pasadena: no zone pair, the distance fare.
    await expect(wizard().getByTestId('estimated-total').textContent()).resolves.toBe('$150.00');

    // Back goes to the previous step, not to the home page, and what was entered is still there.
    await page.goBack();
    await atStep(2);
    expect(new URL(page.url()).pathname).toBe('/booking');
    await expect(wizard().getByLabel('Email').inputValue()).resolves.toBe(email);
    await page.goBack();
    await atStep(1);
    await expect(pickup().inputValue()).resolves.toBe('LAX');
    await page.goForward();
    await atStep(2);
    await page.goForward();
    await atStep(3);

    // A reload stays on its step with the draft; Back after it still finds the steps before.
    await page.reload();
    await atStep(3);
    await priced();
    await expect(wizard().getByTestId('estimated-total').textContent()).resolves.toBe('$150.00');
    await page.goBack();
    await atStep(2);
    await expect(wizard().getByLabel('First Name').inputValue()).resolves.toBe('Ada');

    // Forward past a step changed since: the step is checked again and shown with its message.
    await page.goBack();
    await atStep(1);
    await pickup().fill('');
    await page.goForward();
    await wizard().getByText('Pickup location is required').waitFor();
    await atStep(1);
    await pickup().fill('LAX');
    await next();
    await atStep(2);
    await next();
    await atStep(3);
    await next();
    await atStep(4);
    await wizard().getByRole('button', { name: 'Proceed to Reserve' }).click();
    const reference = (await wizard().getByTestId('booking-reference').textContent())!;

    // The booking is made: the draft is gone, and a reload still shows Reserve Now with its reference.
    await expect(page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('bookingDraft')))).resolves.toEqual([]);
    await page.reload();
    await atStep(5);
    await expect(wizard().getByTestId('booking-reference').textContent()).resolves.toBe(reference);
    await screenshot(page, 'booking-reserve-now-after-reload');
    expect(errors).toEqual([]);
  });

  it('keeps the wizard in view when a step changes on a page below other content (/reservations)', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${stack.baseUrl}/reservations`);
    await fillOneWayRide();
    await next();
    await atStep(2);
    const heading = wizard().getByRole('heading', { name: 'Contact Info' });
    await page.waitForFunction(() => document.activeElement?.textContent === 'Contact Info');
    const box = (await heading.boundingBox())!;
    expect(box.y).toBeGreaterThan(0);
    expect(box.y + box.height).toBeLessThan(844);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  it.each([390, 1440])('keeps the success toast off the reference and the locked quote, and never splits the reference, at %i px', async (width) => {
    await page.setViewportSize({ width, height: 844 });
    await bookThroughWizard(`reserve-${width}.${run}@example.com`);
    await page.getByTestId('toast').getByText('Booking Created Successfully!').waitFor();
    const seen = await page.evaluate(() => {
      const toast = document.querySelector('[data-testid="toast"]')!.getBoundingClientRect();
      const covered = (selector: string) => {
        const box = document.querySelector(selector)!.getBoundingClientRect();
        const w = Math.min(box.right, toast.right) - Math.max(box.left, toast.left);
        const h = Math.min(box.bottom, toast.bottom, window.innerHeight) - Math.max(box.top, toast.top, 0);
        return w > 0 && h > 0 ? Math.round(w * h) : 0;
      };
      // Every place the reference is written, as the lines it is drawn on.
      const reference = document.querySelector('[data-testid="booking-reference"]')!.textContent!.trim();
      const lines: number[] = [];
      const walker = document.createTreeWalker(document.querySelector('.wizard-reserve')!, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.indexOf(reference);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + reference.length);
        lines.push(new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size);
      }
      return {
        covered: { reference: covered('[data-testid="booking-reference"]'), heading: covered('#reserve-quote'), quote: covered('[data-testid="locked-quote"]') },
        lines,
      };
    });
    await page.screenshot({ path: `${process.cwd()}/test-output/screenshots/booking-reserve-toast-${width}.png` });
    expect(seen.covered).toEqual({ reference: 0, heading: 0, quote: 0 });
    expect(seen.lines.length).toBeGreaterThanOrEqual(3);
    expect(seen.lines.every((count) => count === 1)).toBe(true);
    expect(errors).toEqual([]);
  });

  it.each([390, 1440])('shows step 1 with passengers and vehicles at %i px', async (width) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${stack.baseUrl}/booking`);
    await wizard().getByRole('combobox', { name: /^Passengers/ }).selectOption('5');
    await wizard().getByTestId('vehicle-2').waitFor();
    // As rendered, not only as written in the page: the spec's words, not "STEP 1 OF 5".
    await expect(wizard().locator('.wizard-step-count').innerText()).resolves.toBe('Step 1 of 5');
    await screenshot(page, `booking-step1-${width}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
