import { addDays, businessToday } from '@limo/contracts';
import { seriousAxeViolations } from '../support/axe.js';
import { screenshot } from '../support/browser.js';
import { assign, book, signedInDriver } from '../support/drivers.js';
import { eventually } from '../support/stack.js';
import { withStack } from '../support/fixtures.js';
import { DESKTOP, withBrowser } from '../support/page-fixtures.js';

/**
 * The dispatch board's Map view at 1440 px (issue 35): on-duty drivers by freshness and the day's
 * rides at their pickups; a driver chosen lists their current and next rides; a driver's move
 * reaches the map live. The web app must be built first (npm test does).
 */
describe("the dispatch board's live map in Chromium", () => {
  const stack = withStack({ services: ['fleet', 'booking', 'drivers', 'reporting'] });
  const web = withBrowser();

  it("shows the drivers and the day's rides, a driver's next rides when chosen, and moves them live", async () => {
    const days = 3;
    const date = addDays(businessToday(), days);
    const { agent, driver } = await signedInDriver(stack, { firstName: 'Marta' });
    await agent.post('/api/drivers/current/location').send({ latitude: 33.9416, longitude: -118.4085 }).expect(200);
    const [mine, open] = await Promise.all([book(stack, { firstName: 'Nadia' }, days, '09:00'), book(stack, { firstName: 'Oscar', vehicleId: 2 }, days, '15:30')]);
    await assign(stack, mine.id, driver.id).expect(200);
    await agent.post(`/api/bookings/${mine.id}/accept`).expect(200);
    const name = `Marta ${driver.lastName}`;

    const { page, errors } = await web.adminPage(stack, { viewport: DESKTOP, timeout: 15_000 });
    await page.goto(`${stack.baseUrl}/admin/dispatch?date=${date}`);
    await page.getByRole('heading', { level: 1, name: 'Dispatch Board' }).waitFor();
    await page.getByRole('tab', { name: 'Map' }).click();
    const map = page.getByRole('region', { name: "Map of drivers on duty and the day's rides" });
    const marker = map.getByRole('button', { name: `${name}, live` });
    await expect(marker.getAttribute('data-at')).resolves.toBe('33.94160,-118.40850');
    // Both rides at their pickup (Santa Monica Pier), by reference, said whose they are.
    await map.getByRole('button', { name: `${mine.reference}, pickup 09:00 at ${mine.pickupLocation}, ${name}` }).waitFor();
    await map.getByRole('button', { name: `${open.reference}, pickup 15:30 at ${open.pickupLocation}, unassigned` }).waitFor();

    // The driver chosen (keyboard: rides may stand over drivers): none under way, the accepted ride next.
    await marker.focus();
    await page.keyboard.press('Enter');
    const panel = page.locator('.dispatch-map-panel');
    await panel.getByRole('heading', { name }).waitFor();
    await panel.getByText('None under way.').waitFor();
    await panel.getByRole('button', { name: new RegExp(`09:00 ${mine.reference} · Accepted`) }).click();
    await page.getByTestId('ride-panel').waitFor();
    await page.getByRole('tab', { name: 'Map' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'dispatch-map-1440');

    // The driver moves: the marker follows from the stream, no reload.
    await agent.post('/api/drivers/current/location').send({ latitude: 34.0522, longitude: -118.2437 }).expect(200);
    await eventually(async () => (await marker.getAttribute('data-at')) === '34.05220,-118.24370', 5000, 'the driver to move on the map');
    expect(errors).toEqual([]);
  }, 90_000);
});
