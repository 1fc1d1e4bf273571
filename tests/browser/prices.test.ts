import request from 'supertest';
import type { PriceGuide, RatesView } from '@limo/contracts';
import { adminAuth, signInAsAdmin } from '../support/admin-auth.js';
import { seriousAxeViolations } from '../support/axe.js';
import { screenshot } from '../support/browser.js';
import { trackRequests } from '../support/network-quiet.js';
import { withStack } from '../support/fixtures.js';
import { DESKTOP, withBrowser } from '../support/page-fixtures.js';

/*
 * Prices that keep the site's word (decisions.md, "Prices: one rate table"): every price a public
 * page or the admin's fleet shows is the price guide's, rendered from the rate table at load, and
 * the admin changes the table on the Rates page.
 */

/** "$70" for 70.00, "$62.50" for 62.50: how the public pages write a guide figure. */
const site = (amount: string) => `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: amount.endsWith('.00') ? 0 : 2 })}`;

describe('prices from the rate table in Chromium', () => {
  const stack = withStack({ services: ['fleet', 'booking', 'drivers', 'reporting'] });
  const { page, errors } = withBrowser({ page: { viewport: DESKTOP, timeout: 10_000 } });
  const api = () => request(stack.baseUrl);
  const rates = async () => (await api().get('/api/admin/rates').set('Authorization', adminAuth(stack)).expect(200)).body as RatesView;
  const guide = async () => (await api().get('/api/price-guide').expect(200)).body as PriceGuide;
  /** The page's main content as shown, white space folded, for finding figures in. */
  const mainText = async (path: string, ready: string) => {
    await page.goto(`${stack.baseUrl}${path}`);
    await page.locator('main').getByText(ready, { exact: false }).first().waitFor();
    await page.locator('.guide-price.is-loading').first().waitFor({ state: 'detached' });
    return (await page.locator('main').innerText()).replace(/\s+/g, ' ');
  };

  it('the admin changes LAX to Santa Monica on the Rates page, previews it, is refused a pair entered twice, saves, and the home page shows the new fare', async () => {
    await page.goto(`${stack.baseUrl}/`);
    const santaMonica = page.locator('.destination-card', { hasText: 'LAX to Santa Monica' }).locator('.destination-fare strong');
    await expect(santaMonica.innerText()).resolves.toBe('$70');

    await signInAsAdmin(page, stack);
    await page.getByRole('navigation').getByRole('link', { name: 'Rates', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Rates' }).waitFor();
    const fare = page.getByLabel('Fare LAX to Santa Monica ($)', { exact: true });
    await expect(fare.inputValue()).resolves.toBe('60.00');
    await fare.fill('62.50');

    // The preview prices the site's sample ride with the table in force and with the draft.
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const now = page.locator('.rates-quote', { hasText: 'Now' });
    const after = page.locator('.rates-quote', { hasText: 'With your changes' });
    await expect(now.locator('.rates-quote-total').innerText()).resolves.toBe('$70.00');
    await expect(after.locator('.rates-quote-total').innerText()).resolves.toBe('$72.50');

    // The same pair again, the other way round, is refused with a message under it; nothing is saved.
    await page.getByRole('button', { name: 'Add zone fare' }).click();
    await page.getByLabel(/^Row \d+: from$/).last().selectOption('santa-monica');
    await page.getByLabel(/^Row \d+: to$/).last().selectOption('lax');
    await page.getByLabel('Fare Santa Monica to LAX ($)', { exact: true }).fill('61.00');
    await page.getByRole('button', { name: 'Save Rates' }).click();
    const twice = page.getByText('The zone pair Santa Monica and LAX is entered twice: change the fare of the first one instead');
    await twice.waitFor();
    // Focus goes to the row that is wrong (its zone choice), not to the top of the page.
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-describedby')?.endsWith('-error'))).resolves.toBe(true);
    expect((await rates()).version).toBe(0);
    await page.getByRole('button', { name: 'Remove the fare Santa Monica to LAX' }).click();
    await twice.waitFor({ state: 'detached' });

    await page.getByLabel('Note for the history (optional)').fill('Coast fares');
    await page.getByRole('button', { name: 'Save Rates' }).click();
    await page.getByTestId('toast').getByText('Rates Saved').waitFor();
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText('LAX to Santa Monica: $60.00 → $62.50').waitFor();
    await expect(history.innerText()).resolves.toContain(`by ${stack.env.gatewayConfig.ADMIN_USERNAME}`);
    await expect(history.innerText()).resolves.toContain('Note: Coast fares');
    await expect(page.getByLabel('Fare LAX to Santa Monica ($)', { exact: true }).inputValue()).resolves.toBe('62.50');

    await page.goto(`${stack.baseUrl}/`);
    await expect(santaMonica.innerText()).resolves.toBe('$72.50');
    expect(errors).toEqual([]);
  }, 60_000);

  it('shows the price guide’s figures on every page that shows a price, after a rate change through the API', async () => {
    const current = await rates();
    const table = structuredClone(current.table);
    table.extras = { meetGreet: '27.00', childSeat: '15.00', airportSurcharge: '12.00' };
    table.returnLegPercent = 25;
    table.vehicles = table.vehicles.map((v) => (v.vehicleId === 1 ? { ...v, hourlyRate: '110.00', minimumHours: 4 } : v));
    table.zoneFares = table.zoneFares.map((f) =>
      f.from === 'lax' && f.to === 'beverly-hills' ? { ...f, fare: '66.00' } : f.from === 'lax' && f.to === 'downtown-la' ? { ...f, fare: '115.00' } : f,
    );
    await api().put('/api/admin/rates').set('Authorization', adminAuth(stack)).send({ table, version: current.version }).expect(200);
    const g = await guide();
    const sample = (id: string) => site(g.samples.find((s) => s.id === id)!.total);
    // The figures the pages must now show, as the guide gives them (the seeded ones are all gone).
    expect([sample('lax-beverly-hills'), site(g.laxToDowntown.regular), site(g.hourly.rate), g.hourly.minimumHours, site(g.extras.meetGreet)]).toEqual([
      '$78',
      '$127',
      '$110',
      4,
      '$27',
    ]);

    const pages: [string, string, string[], string[]][] = [
      [
        '/',
        'Straight from LAX',
        [
          `LAX to Beverly Hills ${sample('lax-beverly-hills')}`,
          `LAX to Santa Monica ${sample('lax-santa-monica')}`,
          `LAX to Downtown ${site(g.laxToDowntown.price)}`,
          `Additional ${site(g.extras.meetGreet)} fee`,
          `${site(g.extras.airportSurcharge)} airport surcharge`,
          `${site(g.hourly.rate)} per hour`,
          `${g.hourly.minimumHours}-hour minimum (${site(g.hourly.minimum!)})`,
          `${site(g.vehicles[0].hourlyRate)}/hr`,
          g.includes,
        ],
        ['$25', '$100'],
      ],
      ['/services/meet-and-greet', 'Meet & Greet fee', [`Additional ${site(g.extras.meetGreet)} fee`, g.includes], ['$25']],
      ['/services/airport', 'Airport surcharge', [`${site(g.extras.airportSurcharge)} airport surcharge`, g.includes], ['$10 ']],
      [
        '/services/hourly',
        'Hourly rates',
        [`${site(g.hourly.rate)} per hour`, `${g.hourly.minimumHours}-hour minimum (${site(g.hourly.minimum!)})`, `8+ hours ${site(g.hourly.rate)}/hr`, 'Prices include a 5% service fee and 15% gratuity.'],
        ['$100', '$300'],
      ],
      ['/specials', 'LAX to Downtown', [`${site(g.laxToDowntown.price)} instead of ${site(g.laxToDowntown.regular)}`, `${g.returnLegPercent}% off`, g.includes], ['$120', '20% off']],
      [
        '/specials/lax-to-downtown',
        'Regular fare',
        [`${site(g.laxToDowntown.price)} versus ${site(g.laxToDowntown.regular)}`, `You save ${site(g.laxToDowntown.saving)}`, `regular price ${site(g.laxToDowntown.regular)}`, g.includes],
        ['$120', '$31'],
      ],
      ['/specials/roundtrip-relax', 'Return within 30 days', [`${g.returnLegPercent}% off the return leg`], ['20%']],
      ['/business', 'Bundles for Business', [`LAX to Beverly Hills is ${sample('lax-beverly-hills')}`, `LAX to Santa Monica ${sample('lax-santa-monica')}`, g.includes], []],
      ['/specials/bundles-for-business', 'Starter', [`LAX to Beverly Hills is ${sample('lax-beverly-hills')}`], []],
    ];
    for (const [path, ready, shown, gone] of pages) {
      const text = await mainText(path, ready);
      for (const figure of shown) expect({ path, figure, found: text.includes(figure) }).toEqual({ path, figure, found: true });
      for (const figure of gone) expect({ path, figure, gone: !text.includes(figure) }).toEqual({ path, figure, gone: true });
    }

    // The admin's fleet cards: the guide's figures for each vehicle, in cents.
    const sedan = g.vehicles.find((v) => v.vehicleId === 1)!;
    await page.goto(`${stack.baseUrl}/admin/fleet`);
    const card = page.locator('article.vehicle-card', { hasText: sedan.name });
    await card.getByText(`$${sedan.hourlyRate}/hr, minimum ${sedan.minimumHours} h ($${Number(sedan.hourlyMinimum).toFixed(2)})`).waitFor();
    await card.getByText(`$${sedan.sampleTransfer}`).waitFor();
    expect(errors).toEqual([]);
  }, 90_000);

  it('holds a steady blank while the guide loads and says so when it cannot be loaded, never a made-up figure', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/price-guide', async (route) => {
      await held;
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ statusCode: 503, message: 'The booking service is unavailable' }) });
    });
    await page.goto(`${stack.baseUrl}/services/hourly`);
    await page.getByRole('heading', { level: 1, name: 'Hourly Chauffeur Service' }).waitFor();
    // Past the page's wait for its prices: drawn with blanks where the figures go.
    await page.locator('.rate-card .guide-price.is-loading').first().waitFor();
    expect(await page.locator('.rate-card').innerText()).not.toMatch(/\$\d/);
    release();
    await page.getByText('Prices could not be loaded just now.').first().waitFor();
    // The page's own content (the booking form below it quotes rides itself).
    expect(await page.locator('.page-hero, .service-layout').allInnerTexts()).not.toContainEqual(expect.stringMatching(/\$\d/));
    await expect(page.locator('.guide-price.is-unavailable').count()).resolves.toBeGreaterThan(0);
  }, 30_000);

  it.each([390, 1440])('renders the Rates page and the home page at %i px with no serious accessibility violations', async (width) => {
    await page.setViewportSize({ width, height: 900 });
    const network = trackRequests(page);
    await signInAsAdmin(page, stack);
    await page.goto(`${stack.baseUrl}/admin/rates`);
    await page.getByRole('heading', { level: 1, name: 'Rates' }).waitFor();
    await page.getByLabel('Fare LAX to Santa Monica ($)', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await page.locator('.rates-quote').first().waitFor();
    await network.settled();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, `admin-rates-${width}`);

    await page.goto(`${stack.baseUrl}/`);
    await page.locator('.fleet-prices').first().waitFor();
    await network.settled();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, `prices-home-${width}`);
    expect(errors).toEqual([]);
  }, 60_000);
});
