import type { Page } from 'playwright-core';
import request from 'supertest';
import { TRACKING_MESSAGES } from '@limo/contracts';
import { signLink } from '@limo/contracts/common/signed-link';
import { adminAuth } from '../support/admin-auth.js';
import { seriousAxeViolations } from '../support/axe.js';
import { screenshot } from '../support/browser.js';
import { assign, book, signedInDriver } from '../support/drivers.js';
import { eventually } from '../support/stack.js';
import { withStack } from '../support/fixtures.js';
import { withBrowser } from '../support/page-fixtures.js';

/** A customer follows their chauffeur on /track from the link in the "on the way" message. */
describe('the tracking page in Chromium', () => {
  // The window closes 15 s after drop-off here (30 minutes by default).
  const stack = withStack({ services: ['fleet', 'booking', 'drivers'], env: { TRACKING_AFTER_DROPOFF_MINUTES: '0.25' } });
  const web = withBrowser();

  const tokenFor = (bookingId: number) => signLink({ purpose: 'track', bookingId, expiresAt: Math.floor(Date.now() / 1000) + 3600 }, stack.env.vars.LINK_SIGNING_SECRET);

  async function open(width: number, token: string): Promise<{ page: Page; errors: string[] }> {
    const { page, errors } = await web.open({ viewport: { width, height: 900 } });
    await page.goto(`${stack.baseUrl}/track?t=${token}`);
    return { page, errors };
  }

  it('shows the chauffeur, the car, the ride status, the car on a map moving live with its ETA, a way to call, and then that the trip has ended', async () => {
    const { agent, driver } = await signedInDriver(stack, { firstName: 'Lucia' });
    const booking = await book(stack, {}, 3);
    await assign(stack, booking.id, driver.id).expect(200);
    await agent.post(`/api/bookings/${booking.id}/accept`).expect(200);
    const token = tokenFor(booking.id);

    const before = await open(1440, token);
    await before.page.getByRole('heading', { name: 'Track Your Chauffeur' }).waitFor();
    await before.page.getByText(TRACKING_MESSAGES.notStarted).waitFor();
    await before.page.context().close();

    // The admin has recorded Lucia's car and photo.
    await request(stack.baseUrl).patch(`/api/admin/drivers/${driver.id}`).set('Authorization', adminAuth(stack)).send({ vehiclePlate: '8LMO123', vehicleColour: 'Black' }).expect(200);
    // A one-pixel PNG: the gateway makes every photo a 256 x 256 JPEG.
    const photo = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    await request(stack.baseUrl).put(`/api/drivers/${driver.id}/photo`).set('Authorization', adminAuth(stack)).set('Content-Type', 'image/png').send(photo).expect(200);

    await agent.post('/api/drivers/current/location').send({ latitude: 33.9416, longitude: -118.4085 }).expect(200);
    await agent.put(`/api/bookings/${booking.id}/driver-status`).send({ driverStatus: 'en-route' }).expect(200);
    const { page, errors } = await open(1440, token);
    await page.getByRole('heading', { name: 'Your Chauffeur' }).waitFor();
    await page.getByText('Lucia', { exact: true }).waitFor();
    await page.getByText('En Route to Pickup').waitFor();
    // The map: the offline basemap (LAX labelled), the pickup and drop-off, and the car where the phone says.
    const map = page.getByRole('region', { name: 'Map of your ride' });
    await map.getByText('LAX', { exact: true }).waitFor();
    // Land drawn under it (the view is all land and sea around Santa Monica Bay).
    await map.locator('path.basemap-land').waitFor();
    expect(await map.locator('path.basemap-land').getAttribute('d')).not.toBe('M0 0');
    // Drawn at its size, not shrunk to nothing by the site's svg rule: it covers most of the map.
    const land = await map.locator('path.basemap-land').boundingBox();
    const frame = await map.boundingBox();
    expect(land!.width * land!.height).toBeGreaterThan(0.5 * frame!.width * frame!.height);
    const carMarker = map.getByRole('img', { name: "Lucia's car" });
    await expect(carMarker.getAttribute('data-at')).resolves.toBe('33.94160,-118.40850');
    await map.getByRole('img', { name: /^Pickup: Santa Monica Pier/ }).waitFor();
    await map.getByRole('img', { name: 'Drop-off: Downtown Los Angeles' }).waitFor();
    // The ETA to the pickup, an estimate without a routing service; its age; call and text.
    const eta = page.getByTestId('tracking-eta');
    await expect(eta.textContent()).resolves.toMatch(/^\d+ min to your pickupEstimate from the distance \(9 mi\)/);
    await expect(page.getByTestId('tracking-position').textContent()).resolves.toMatch(/updated \d+ s ago/);
    const dial = `+1${driver.phone.replace(/\D/g, '')}`;
    await expect(page.getByRole('link', { name: 'Call Lucia' }).getAttribute('href')).resolves.toBe(`tel:${dial}`);
    await expect(page.getByRole('link', { name: 'Text Lucia' }).getAttribute('href')).resolves.toBe(`sms:${dial}`);
    await page.getByText(/^Live:/).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'tracking-1440');

    // The driver moves: the stream tells the page, which moves the car (its polling is 15 s).
    await agent.post('/api/drivers/current/location').send({ latitude: 34.0522, longitude: -118.2437 }).expect(200);
    await eventually(async () => (await carMarker.getAttribute('data-at')) === '34.05220,-118.24370', 8000, 'the car to move');
    await agent.put(`/api/bookings/${booking.id}/driver-status`).send({ driverStatus: 'picked-up' }).expect(200);
    await page.getByText('Passenger Picked Up').waitFor({ timeout: 8000 });
    await eta.getByText('to your drop-off').waitFor({ timeout: 8000 });

    // On a phone: the map above, the ETA and the buttons below, nothing wider than the screen.
    const phone = await open(390, token);
    await phone.page.getByRole('img', { name: "Lucia's car" }).waitFor();
    await phone.page.getByTestId('tracking-eta').getByText('to your drop-off').waitFor();
    // Who to look for: her photo, the car's colour, vehicle and plate.
    await expect(phone.page.getByTestId('tracking-car').textContent()).resolves.toMatch(/^Black .+ · 8LMO123$/);
    const picture = phone.page.getByRole('img', { name: 'Lucia, your chauffeur' });
    await expect(picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).resolves.toBe(256);
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(phone.page, 'tracking-390');
    await phone.page.context().close();

    await agent.put(`/api/bookings/${booking.id}/driver-status`).send({ driverStatus: 'dropped-off' }).expect(200);
    // From drop-off the chauffeur is no longer shown, live, while the link still opens the ride.
    await agent.post('/api/drivers/current/location').send({ latitude: 34.1, longitude: -118.3 }).expect(200);
    await page.getByTestId('tracking-arrived').waitFor({ timeout: 8000 });
    await page.getByText('Passenger Dropped Off').waitFor();
    expect(await page.getByTestId('tracking-position').count()).toBe(0);
    // The car leaves the map at drop-off; the places stay.
    expect(await map.getByRole('img', { name: "Lucia's car" }).count()).toBe(0);
    await map.getByRole('img', { name: 'Drop-off: Downtown Los Angeles' }).waitFor();
    await screenshot(page, 'tracking-dropped-off-1440');
    const arrived = await open(390, token);
    await arrived.page.getByTestId('tracking-arrived').waitFor();
    expect(await arrived.page.getByTestId('tracking-position').count()).toBe(0);
    await screenshot(arrived.page, 'tracking-dropped-off-390');
    await arrived.page.context().close();

    // The page's next refresh after the window closes says so (reloading stands in for the 15 s poll).
    await eventually(async () => {
      await page.reload();
      // Wait for the page's answer (the live view or the ended notice), not merely any heading:
      // on a busy machine the site's own headings render before the tracking call returns.
      const ended = page.getByRole('heading', { name: TRACKING_MESSAGES.ended });
      await ended.or(page.getByRole('heading', { name: 'Your Chauffeur' })).first().waitFor();
      return (await ended.count()) === 1;
    }, 40_000, 'the trip to end');
    await screenshot(page, 'tracking-ended-1440');
    expect(errors.filter((e) => !/410/.test(e))).toEqual([]);
    await page.context().close();
  }, 120_000);
});
