import { jest } from '@jest/globals';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { signInAsAdmin } from './admin-auth.js';
import { collectPageErrors, launchBrowser } from './browser.js';
import { signedInDriver, signInAsDriver } from './drivers.js';
import { lateBound } from './fixtures.js';
import type { TestStack } from './stack.js';

export const DESKTOP = { width: 1440, height: 900 };

export interface PageOptions extends BrowserContextOptions {
  /** Playwright's default wait of each action and locator (its own 30 s when not given). */
  timeout?: number;
  /** Runs on the new page before it goes anywhere (init scripts, routes). */
  prepare?: (page: Page) => Promise<unknown>;
}

/** A page in a context of its own, its uncaught errors and console errors collected. */
export interface OpenPage {
  page: Page;
  context: BrowserContext;
  errors: string[];
}

type StackRef = Pick<TestStack, 'baseUrl' | 'env'>;

export interface BrowserFixture {
  /** Chromium, launched once for the describe block. */
  browser: Browser;
  /** This test's page (withBrowser({ page }) only): a fresh context for each test. */
  page: Page;
  context: BrowserContext;
  /** The errors this test's page collected so far. */
  errors: string[];
  /** Another page, in its own context, closed after the test (with the test's page). */
  open(options?: PageOptions): Promise<OpenPage>;
  /** A page signed in as the stack's admin through /admin (signInAsAdmin). */
  adminPage(stack: StackRef, options?: PageOptions): Promise<OpenPage>;
  /**
   * A page signed in through /login as a driver the admin just registered, password changed
   * and, unless `onDuty: false`, on duty; with the driver and their API session (signedInDriver).
   */
  driverPage(
    stack: StackRef,
    options?: PageOptions & { firstName?: string; onDuty?: boolean },
  ): Promise<OpenPage & Awaited<ReturnType<typeof signedInDriver>>>;
}

/**
 * Chromium for a describe block: launched in its beforeAll, closed in its afterAll; every page
 * opened in a test is closed after it. With `page` options each test also gets a fresh context
 * and page, read as `web.page`, `web.errors` (or destructured once:
 * `const { page, errors } = withBrowser({ page: { viewport: DESKTOP } })`), which stand for
 * the current test's.
 */
export function withBrowser(options: { page?: PageOptions } = {}): BrowserFixture {
  // A browser test that fails is run once more, its first failure printed: on CI's two busy cores a
  // page has failed a timing now and then (a jest timeout, a recoverable render error) that no
  // local run reproduced; the printed error keeps such a flake visible instead of failing the run.
  jest.retryTimes(1, { logErrorsBeforeRetry: true });
  const browser = lateBound<Browser>('the browser');
  const page = lateBound<Page>(options.page ? "the test's page" : 'the per-test page (withBrowser({ page }) makes one)');
  const context = lateBound<BrowserContext>("the test's browser context");
  const errors: string[] = [];
  let launched: Browser | undefined;
  let opened: BrowserContext[] = [];

  async function open({ timeout, prepare, ...contextOptions }: PageOptions = {}, into: string[] = []): Promise<OpenPage> {
    const newContext = await browser.ref.newContext(contextOptions);
    opened.push(newContext);
    const newPage = await newContext.newPage();
    if (timeout) newPage.setDefaultTimeout(timeout);
    collectPageErrors(newPage, into);
    await prepare?.(newPage);
    return { page: newPage, context: newContext, errors: into };
  }

  beforeAll(async () => {
    launched = await launchBrowser();
    browser.set(launched);
  }, 60_000);
  afterAll(async () => {
    browser.set(undefined);
    await launched?.close();
  });
  if (options.page) {
    const pageOptions = options.page;
    beforeEach(async () => {
      errors.length = 0;
      const made = await open(pageOptions, errors);
      page.set(made.page);
      context.set(made.context);
    });
  }
  afterEach(async () => {
    page.set(undefined);
    context.set(undefined);
    const closing = opened;
    opened = [];
    await Promise.all(closing.map((c) => c.close().catch(() => {})));
  });

  return {
    browser: browser.ref,
    page: page.ref,
    context: context.ref,
    errors,
    open: (pageOptions) => open(pageOptions),
    async adminPage(stack, pageOptions) {
      const made = await open(pageOptions);
      await signInAsAdmin(made.page, stack);
      return made;
    },
    async driverPage(stack, { firstName, onDuty, ...pageOptions } = {}) {
      const driver = await signedInDriver(stack, { firstName, onDuty });
      const made = await open(pageOptions);
      await signInAsDriver(made.page, stack, driver.driver.username, driver.password);
      return { ...made, ...driver };
    },
  };
}
