import { screenshot } from '../support/browser.js';
import { VehicleListCache } from '@limo/gateway';
import { withStack } from '../support/fixtures.js';
import { DESKTOP, withBrowser } from '../support/page-fixtures.js';

describe('admin fleet page in Chromium', () => {
  const stack = withStack({ services: ['fleet', 'booking'] });
  const { page, errors } = withBrowser({ page: { viewport: DESKTOP } });

  it('shows a loading state, then a card per vehicle from the fleet service', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/vehicles', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${stack.baseUrl}/admin/fleet`);
    await page.getByText('Loading fleet...').waitFor();
    release();
    const cards = page.locator('article.vehicle-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(4);
    const suv = cards.filter({ hasText: 'Luxury SUV' });
    await expect(suv.textContent()).resolves.toMatch(/Active.*Cadillac Escalade ESV.*SUV.*7 passengers.*Hourly\$125\.00\/hr, minimum 3 h \(\$375\.00\).*LAX to Santa Monica\$88\.00/s);
    await expect(suv.textContent()).resolves.toContain('+3 more');
    expect(await page.title()).toContain('Manage Fleet');
    await screenshot(page, 'admin-fleet-1440');
    expect(errors).toEqual([]);
  });

  it('shows the error panel with the server message when the fleet service is down', async () => {
    await stack.stopService('fleet');
    // As a gateway replica that holds no copy of the list yet (it serves its copy otherwise).
    stack.gateway.get(VehicleListCache).invalidate();
    try {
      await page.goto(`${stack.baseUrl}/admin/fleet`);
      await page.getByRole('heading', { name: 'Unable to Load Fleet Data' }).waitFor();
      await expect(page.locator('.state-message').textContent()).resolves.toMatch(/^503: .*fleet service is unavailable/);
      await expect(page.getByRole('button', { name: 'Try Again' }).isVisible()).resolves.toBe(true);
    } finally {
      await stack.startService('fleet');
    }
  });

  it('renders the 404 page with the developer hint for an unknown path', async () => {
    await page.goto(`${stack.baseUrl}/no/such/page`);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await expect(page.locator('.dev-hint').textContent()).resolves.toMatch(/router/i);
    expect(await page.title()).toContain('Page Not Found');
  });
});

describe('admin fleet page with an empty fleet', () => {
  const stack = withStack({ services: ['fleet'], env: { SEED_DEMO_DATA: 'false' } });
  const web = withBrowser();

  it('says no vehicles are available', async () => {
    const { page } = await web.open();
    await page.goto(`${stack.baseUrl}/admin/fleet`);
    await page.getByText('No vehicles available.').waitFor();
  });
});
