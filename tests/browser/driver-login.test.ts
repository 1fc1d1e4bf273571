import type { Browser } from 'playwright-core';
import { seriousAxeViolations } from '../support/axe.js';
import { collectPageErrors, launchBrowser, screenshot } from '../support/browser.js';
import { startTestStack, type TestStack } from '../support/stack.js';

describe('driver login page (/login) in Chromium', () => {
  let browser: Browser;
  let stack: TestStack;

  beforeAll(async () => {
    [browser, stack] = await Promise.all([launchBrowser(), startTestStack({ services: ['fleet', 'drivers'] })]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it.each([390, 1440])('validates, refuses unknown credentials with the server message and links to registration at %i px', async (width) => {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    page.setDefaultTimeout(10_000);
    const errors = collectPageErrors(page);
    await page.goto(`${stack.baseUrl}/login`);
    await page.getByRole('heading', { name: 'Driver Login' }).waitFor();
    expect(await page.title()).toContain('Driver Login');

    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByText('Username is required').waitFor();
    await page.getByText('Password is required').waitFor();

    await page.locator('#driver-username').fill('  smitjo  ');
    await page.locator('#driver-password').fill('secret1');
    await page.getByRole('button', { name: 'Show' }).click();
    expect(await page.locator('#driver-password').getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Invalid username or password');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, `driver-login-${width}`);

    await page.getByRole('link', { name: 'Register as New Driver' }).click();
    await page.getByRole('heading', { name: 'Join Our Driver Team' }).waitFor();
    await page.getByRole('link', { name: /Back to Login/ }).click();
    await page.getByRole('heading', { name: 'Driver Login' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
