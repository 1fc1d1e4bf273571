import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { screenshot, TEST_OUTPUT, watchLayout } from '../support/browser.js';
import { trackRequests } from '../support/network-quiet.js';
import { withStack } from '../support/fixtures.js';
import { DESKTOP, withBrowser } from '../support/page-fixtures.js';
import { seriousAxeViolations } from '../support/axe.js';

/**
 * The public site in Chromium: every public route at phone (390 px) and desktop (1440 px) width,
 * its title, description, headings, the spec's figures (section 9, word for word), the shared
 * navigation and footer, that nothing moves once drawn, an axe-core audit, and a screenshot in
 * test-output/screenshots.
 */

const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

const SPECIAL_PATHS = [
  '/specials/lax-to-downtown',
  '/specials/roundtrip-relax',
  '/specials/next-ones-on-us',
  '/specials/executive-hour',
  '/specials/refer-and-fly',
  '/specials/late-flight-love',
  '/specials/bundles-for-business',
];

const NAV_HREFS = [
  '/',
  '/services/meet-and-greet',
  '/services/airport',
  '/services/hourly',
  '/business',
  '/specials',
  ...SPECIAL_PATHS,
  '/#fleet',
  '/reservations',
  '/admin',
];

const BUNDLE_FIGURES = ['Starter', '$750', '10 transfers', 'Professional', '$1,400', '20 transfers', 'Enterprise', '$2,500', '40 transfers'];
const BUNDLE_TERMS = ['Minimum commitment 6 months.', '30 days notice to change or cancel.', 'Unused credits expire each billing period.'];
const MORE_WAYS_TO_SAVE = ['Group discount up to 20% for 5 or more passengers.', 'Advance booking: 15% off for 7 days ahead.'];

interface PageCase {
  path: string;
  h1: string;
  title: string;
  /** Texts the page's main content must show, exactly as written. */
  figures: string[];
  theme: 'light' | 'dark';
  /** The booking helper's form section is on the page. */
  bookingForm?: boolean;
}

const PAGES: PageCase[] = [
  {
    path: '/',
    h1: 'Arrive in quiet luxury',
    title: 'Luxury Chauffeur & Limousine Service',
    figures: ['LAX to Downtown', '$89', 'LAX to Beverly Hills', '$75', 'LAX to Santa Monica', '$70', 'Meet & Greet', 'Airport Transportation', 'Hourly Service', '$100 per hour', '5% service fee and 15% gratuity included'],
    theme: 'light',
  },
  {
    path: '/business',
    h1: 'Corporate travel, handled',
    title: 'Business Services',
    figures: [...BUNDLE_FIGURES, ...BUNDLE_TERMS],
    theme: 'dark',
  },
  {
    path: '/specials',
    h1: 'Special offers',
    title: 'Special Offers',
    figures: [
      'LAX to Downtown',
      'Roundtrip Relax',
      "Next One's on Us",
      'Executive Hour',
      'Refer & Fly',
      'Late Flight Love',
      'Bundles for Business',
      '$89',
      '$120',
      ...MORE_WAYS_TO_SAVE,
    ],
    theme: 'dark',
  },
  {
    path: '/specials/lax-to-downtown',
    h1: 'LAX to Downtown',
    title: 'LAX to Downtown',
    figures: ['$89 versus $120', 'Up to 3 passengers', '45 minutes wait time'],
    theme: 'dark',
  },
  {
    path: '/specials/roundtrip-relax',
    h1: 'Roundtrip Relax',
    title: 'Roundtrip Relax',
    figures: ['20% off the return leg', 'Return within 30 days'],
    theme: 'dark',
  },
  {
    path: '/specials/next-ones-on-us',
    h1: "Next One's on Us",
    title: "Next One's on Us",
    figures: ['Free 6th business airport ride after 5 completed rides', 'VIP from 10+ rides', 'Free ride redeemable within 6 months', 'Member benefits', '6th ride free'],
    theme: 'dark',
  },
  {
    path: '/specials/executive-hour',
    h1: 'Executive Hour',
    title: 'Executive Hour',
    figures: ['15% off airport rides with pickup Mon-Fri 10:00-14:00.', 'Minimum advance booking 2 hours.', 'Not combinable with other offers.'],
    theme: 'dark',
  },
  {
    path: '/specials/refer-and-fly',
    h1: 'Refer & Fly',
    title: 'Refer & Fly',
    figures: [
      '$10 credit for both parties',
      'Starter',
      '1-4 referrals',
      'VIP Referrer',
      '5-9 referrals',
      'Elite Ambassador',
      '10+ referrals',
      '$15 per referral',
      'Credits expire after 12 months.',
      'Terms change with 30 days notice.',
    ],
    theme: 'dark',
  },
  {
    path: '/specials/late-flight-love',
    h1: 'Late Flight Love',
    title: 'Late Flight Love',
    figures: ['10% off rides with pickup after 8 PM, any day.'],
    theme: 'dark',
  },
  {
    path: '/specials/bundles-for-business',
    h1: 'Bundles for Business',
    title: 'Bundles for Business',
    figures: [...BUNDLE_FIGURES, ...BUNDLE_TERMS],
    theme: 'dark',
  },
  {
    path: '/services/meet-and-greet',
    h1: 'Meet & Greet Service',
    title: 'Meet & Greet Service',
    figures: ['Additional $25 fee', '60 minutes free wait'],
    theme: 'light',
    bookingForm: true,
  },
  {
    path: '/services/airport',
    h1: 'Airport Transportation',
    title: 'Airport Transportation',
    figures: ['$10 airport surcharge', '60 minutes free wait', 'LAX, Burbank, Long Beach and other Southern California airports'],
    theme: 'light',
    bookingForm: true,
  },
  {
    path: '/services/hourly',
    h1: 'Hourly Chauffeur Service',
    title: 'Hourly Chauffeur Service',
    figures: ['$100 per hour', '3-hour minimum', '$300', '4 hours', '$400', '8+ hours', '$100/hr', 'Prices include a 5% service fee and 15% gratuity.'],
    theme: 'light',
    bookingForm: true,
  },
  {
    path: '/reservations',
    h1: 'Reserve your chauffeur',
    title: 'Reservations',
    figures: [...MORE_WAYS_TO_SAVE, 'No payment is taken online'],
    theme: 'light',
    bookingForm: true,
  },
  {
    path: '/booking',
    h1: 'Book Your Ride',
    title: 'Book Your Ride',
    figures: ['Step 1 of 5', 'Ride Details', 'Passengers', 'Executive Sedan'],
    theme: 'light',
  },
  {
    path: '/no/such/page',
    h1: 'Page Not Found',
    title: 'Page Not Found',
    figures: ["We couldn't find /no/such/page.", 'Did you forget to add the page to the router?'],
    theme: 'light',
  },
];

/** Scrolls through the page so lazy images load, then back to the top, for a full-page screenshot. */
async function loadLazyImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 50));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
}

/** Waits until the focused element reads `text` (focus moves on the next frame after opening). */
async function expectFocusOn(page: Page, text: string): Promise<void> {
  await page
    .waitForFunction((t) => document.activeElement?.textContent === t, text, { timeout: 2000 })
    .catch(async () => {
      throw new Error(`focus is on "${await page.evaluate(() => document.activeElement?.textContent)}", expected "${text}"`);
    });
}

function screenshotName(path: string, width: number): string {
  const slug = path === '/' ? 'home' : path.replace(/^\//, '').replace(/\//g, '-');
  return `public-${slug}-${width}`;
}

describe('public site in Chromium', () => {
  const stack = withStack({ services: ['fleet', 'booking'] });
  const web = withBrowser();

  describe.each(PAGES)('$path', (pageCase) => {
    it.each(WIDTHS)(
      `shows its heading, figures, navigation and footer with no serious accessibility violations at $width px`,
      async ({ width, height }) => {
        const { page, errors } = await web.open({ viewport: { width, height }, timeout: 10_000 });
        try {
          const layout = await watchLayout(page);
          const requests = trackRequests(page);
          await page.goto(`${stack.baseUrl}${pageCase.path}`);
          const h1 = page.locator('h1');
          await h1.waitFor();
          await expect(h1.textContent()).resolves.toBe(pageCase.h1);
          expect(await h1.count()).toBe(1);
          if (pageCase.bookingForm) await page.locator('#book h2').waitFor();
          if (pageCase.path === '/') {
            await page.locator('.fleet-card').first().waitFor();
            await page.locator('.quick-booking').waitFor();
          }

          // Title and description for this page.
          const title = await page.title();
          expect(title).toContain(pageCase.title);
          expect(title).toContain('Prestige Limo');
          const description = await page.locator('meta[name="description"]').getAttribute('content');
          expect(description?.length).toBeGreaterThan(40);

          // The spec's figures, as written.
          // innerText: only what is shown; lower case because some labels are set in capitals by CSS.
          const main = (await page.locator('main').innerText()).toLowerCase();
          for (const figure of pageCase.figures) expect({ figure, found: main.includes(figure.toLowerCase()) }).toEqual({ figure, found: true });

          // Shared navigation: every link, and the dropdown buttons.
          const nav = page.getByRole('navigation', { name: 'Main' });
          const hrefs = await nav.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
          expect(hrefs).toEqual(expect.arrayContaining(NAV_HREFS));
          await expect(nav.getByRole('link', { name: 'Log In', includeHidden: true }).getAttribute('href')).resolves.toBe('/admin');
          await expect(nav.getByRole('link', { name: 'Our Fleet', includeHidden: true }).getAttribute('href')).resolves.toBe('/#fleet');
          const toggle = nav.getByRole('button', { name: 'Menu' });
          if (width < 960) {
            await expect(toggle.isVisible()).resolves.toBe(true);
            await expect(nav.getByRole('link', { name: 'Business' }).isVisible()).resolves.toBe(false);
          } else {
            await expect(toggle.isVisible()).resolves.toBe(false);
            for (const name of ['Home', 'Business', 'Our Fleet', 'Reservations', 'Log In']) {
              await expect(nav.getByRole('link', { name, exact: true }).isVisible()).resolves.toBe(true);
            }
            for (const name of ['Services', 'Specials']) await expect(nav.getByRole('button', { name }).isVisible()).resolves.toBe(true);
          }

          // Footer: contact and the business hours of the spec; dark on promotion pages.
          const footer = (await page.locator('footer.site-footer').innerText()).toLowerCase();
          for (const text of ['Quick Links', 'Services', 'Contact', 'Business Hours', 'Mon-Fri', '6 AM-10 PM', 'Sat', '8-8', 'Sun', '10-6', 'Emergencies', '24/7', '(310) 555-0142']) {
            expect({ text, found: footer.includes(text.toLowerCase()) }).toEqual({ text, found: true });
          }
          await expect(page.locator('.public-shell').getAttribute('data-theme')).resolves.toBe(pageCase.theme);

          // Nothing moves once drawn: the footer is drawn once, where it stays, and no layout shifts.
          await requests.settled();
          const seen = await layout();
          expect(seen.footerTops).toHaveLength(1);
          expect(seen.shifts).toEqual([]);

          // Nothing wider than the screen.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow).toBeLessThanOrEqual(0);

          const violations = await seriousAxeViolations(page);
          await loadLazyImages(page);
          await screenshot(page, screenshotName(pageCase.path, width));
          expect(violations).toEqual([]);
          expect(errors).toEqual([]);
        } finally {
          await page.close();
        }
      },
      60_000,
    );
  });

  it('loads only public code for / and reports the gzip size of its JavaScript', async () => {
    const { page } = await web.open({ viewport: DESKTOP });
    const scripts = new Map<string, Buffer>();
    page.on('response', async (response) => {
      const url = new URL(response.url());
      if (url.pathname.endsWith('.js')) scripts.set(url.pathname, await response.body());
    });
    try {
      await page.goto(`${stack.baseUrl}/`);
      await page.locator('.fleet-card').first().waitFor();
      await page.waitForLoadState('networkidle');
      const names = [...scripts.keys()];
      expect(names.length).toBeGreaterThan(1);
      expect(names.filter((n) => /admin|driver/i.test(n))).toEqual([]);
      const sizes = [...scripts].map(([name, body]) => ({ name, raw: body.length, gzip: gzipSync(body, { level: 9 }).length }));
      const total = sizes.reduce((sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip }), { raw: 0, gzip: 0 });
      const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
      console.log(
        [
          `JavaScript downloaded for / : ${sizes.length} files, ${kb(total.raw)} raw, ${kb(total.gzip)} gzip`,
          ...sizes.sort((a, b) => b.gzip - a.gzip).map((s) => `  ${s.name}  ${kb(s.raw)} raw  ${kb(s.gzip)} gzip`),
        ].join('\n'),
      );
      // A budget that fails on a heavy dependency or an admin chunk slipping into the home page.
      expect(total.gzip).toBeLessThan(180 * 1024);
    } finally {
      await page.close();
    }
  });

  describe('navigation', () => {
    let page: Page;

    it('opens the Services and Specials dropdowns from the keyboard and closes them with Escape and Tab', async () => {
      ({ page } = await web.open({ viewport: DESKTOP }));
      await page.goto(`${stack.baseUrl}/business`);
      const services = page.getByRole('button', { name: 'Services' });
      await services.focus();
      await page.keyboard.press('Enter');
      await expect(services.getAttribute('aria-expanded')).resolves.toBe('true');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Meet & Greet', exact: true }).isVisible()).resolves.toBe(true);
      await page.keyboard.press('ArrowDown');
      await expectFocusOn(page, 'Meet & Greet');
      await page.keyboard.press('ArrowDown');
      await expectFocusOn(page, 'Airport Transportation');
      await page.keyboard.press('Escape');
      await expect(services.getAttribute('aria-expanded')).resolves.toBe('false');
      await expectFocusOn(page, 'Services');

      const specials = page.getByRole('button', { name: 'Specials' });
      await specials.focus();
      await page.keyboard.press('ArrowDown');
      await expect(specials.getAttribute('aria-expanded')).resolves.toBe('true');
      await expectFocusOn(page, 'All Specials');
      await page.keyboard.press('End');
      await expectFocusOn(page, 'Bundles for Business');
      await page.keyboard.press('Tab');
      await expect(specials.getAttribute('aria-expanded')).resolves.toBe('false');

      await specials.click();
      await nav.getByRole('link', { name: 'Executive Hour', exact: true }).click();
      await page.waitForURL('**/specials/executive-hour');
      await page.getByRole('heading', { level: 1, name: 'Executive Hour' }).waitFor();
      await expect(specials.getAttribute('aria-expanded')).resolves.toBe('false');
    });

    it('folds the navigation behind the Menu toggle on a phone and closes it after choosing a page', async () => {
      ({ page } = await web.open({ viewport: { width: 390, height: 844 } }));
      await page.goto(`${stack.baseUrl}/`);
      const toggle = page.getByRole('button', { name: 'Menu' });
      await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
      await toggle.click();
      await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
      await page.getByRole('button', { name: 'Services' }).click();
      await page.screenshot({ path: join(TEST_OUTPUT, 'screenshots', 'public-nav-menu-open-390.png') });
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Hourly Service', exact: true }).click();
      await page.waitForURL('**/services/hourly');
      await page.getByRole('heading', { level: 1, name: 'Hourly Chauffeur Service' }).waitFor();
      await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Business' }).isVisible()).resolves.toBe(false);
    });

    it('takes Our Fleet to the home page fleet section listing the vehicles from GET /api/vehicles', async () => {
      ({ page } = await web.open({ viewport: DESKTOP }));
      await page.goto(`${stack.baseUrl}/specials`);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Our Fleet' }).click();
      await page.waitForURL(`${stack.baseUrl}/#fleet`);
      const cards = page.locator('#fleet .fleet-card');
      await cards.first().waitFor();
      expect(await cards.count()).toBe(4);
      const fleet = await page.locator('#fleet').innerText();
      for (const text of ['Luxury SUV', 'Up to 7 passengers', 'Stretch Limousine', 'Up to 6 passengers', 'Party Bus', 'Up to 14 passengers']) {
        expect({ text, found: fleet.includes(text) }).toEqual({ text, found: true });
      }
      await page.waitForFunction(() => Math.abs(document.getElementById('fleet')!.getBoundingClientRect().top) < 120);
      const images = await page.locator('#fleet img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')));
      expect(images.sort()).toEqual(['/images/fleet/limousine.svg', '/images/fleet/party-bus.svg', '/images/fleet/sedan.svg', '/images/fleet/suv.svg']);
    });
  });

  describe('home hero', () => {
    let page: Page;

    const pauseClock = async () => page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const activeScene = () => page.locator('.hero-dot[aria-current="true"]').getAttribute('aria-label');

    it('changes scene every 5 seconds, lets the dots choose one, and pauses while hovered', async () => {
      ({ page } = await web.open({ viewport: DESKTOP }));
      await page.clock.install();
      await page.goto(`${stack.baseUrl}/`);
      await page.locator('.hero-dot').first().waitFor();
      expect(await page.locator('.hero-dot').count()).toBe(6);
      expect(await page.locator('.hero-scene').count()).toBe(6);
      await expect(activeScene()).resolves.toBe('Show scene 1: LAX at dusk');
      // From here on the page's timers move only when the test says so.
      await pauseClock();
      // A dot chosen without the pointer (a script click) shows its scene and restarts the 5 s.
      await page.locator('.hero-dot').nth(2).evaluate((dot) => (dot as HTMLButtonElement).click());
      await expect(activeScene()).resolves.toBe('Show scene 3: Santa Monica Pier');
      await page.clock.runFor(4_900);
      await expect(activeScene()).resolves.toBe('Show scene 3: Santa Monica Pier');
      await page.clock.runFor(200);
      await expect(activeScene()).resolves.toBe('Show scene 4: Downtown Los Angeles');
      await page.clock.runFor(5_000);
      await expect(activeScene()).resolves.toBe('Show scene 5: Newport Coast');
      await page.clock.runFor(5_000);
      await expect(activeScene()).resolves.toBe('Show scene 6: Beverly Hills');
      await page.clock.runFor(5_000);
      await expect(activeScene()).resolves.toBe('Show scene 1: LAX at dusk');

      await page.getByRole('button', { name: 'Show scene 6: Beverly Hills' }).click();
      await expect(page.locator('.hero-scene.is-active').getAttribute('data-scene')).resolves.toBe('beverly-hills');
      // The click left the pointer over the hero (and focus on the dot): no rotation.
      await page.clock.runFor(12_000);
      await expect(activeScene()).resolves.toBe('Show scene 6: Beverly Hills');
      // Pointer and focus leave: rotation resumes and wraps around to the first scene.
      await page.mouse.move(700, 20);
      await page.locator('footer a').first().focus();
      await page.clock.runFor(5_000);
      await expect(activeScene()).resolves.toBe('Show scene 1: LAX at dusk');
      await page.getByRole('button', { name: 'Pause scenes' }).focus();
      await page.getByRole('button', { name: 'Pause scenes' }).press('Enter');
      await page.locator('footer a').first().focus();
      await page.clock.runFor(15_000);
      await expect(activeScene()).resolves.toBe('Show scene 1: LAX at dusk');
      await expect(page.getByRole('button', { name: 'Play scenes' }).isVisible()).resolves.toBe(true);
    });

    it('does not rotate for a visitor who prefers reduced motion', async () => {
      ({ page } = await web.open({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' }));
      await page.clock.install();
      await page.goto(`${stack.baseUrl}/`);
      await page.locator('.hero-dot').first().waitFor();
      await pauseClock();
      await page.clock.runFor(20_000);
      await expect(activeScene()).resolves.toBe('Show scene 1: LAX at dusk');
      await page.getByRole('button', { name: 'Show scene 4: Downtown Los Angeles' }).click();
      await expect(activeScene()).resolves.toBe('Show scene 4: Downtown Los Angeles');
    });
  });
});
