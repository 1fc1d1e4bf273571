import { seriousAxeViolations } from '../support/axe.js';
import { screenshot } from '../support/browser.js';
import { withStack } from '../support/fixtures.js';
import { withBrowser } from '../support/page-fixtures.js';

describe('driver login page (/login) in Chromium', () => {
  const stack = withStack({ services: ['fleet', 'drivers'] });
  const web = withBrowser();

  it.each([390, 1440])('validates, refuses unknown credentials with the server message and links to registration at %i px', async (width) => {
    const { page, errors } = await web.open({ viewport: { width, height: 900 }, timeout: 10_000 });
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
