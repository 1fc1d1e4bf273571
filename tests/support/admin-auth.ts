import type { Page } from 'playwright-core';
import type { TestStack } from './stack.js';

/** A Basic Authorization header value for any username and password. */
export const basicAuth = (username: string, password: string): string =>
  `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;

/**
 * The Authorization header of the stack's configured first admin (ADMIN_USERNAME and
 * ADMIN_PASSWORD, set per test environment): `request(url).get(path).set('Authorization', adminAuth(stack))`.
 */
export function adminAuth(stack: Pick<TestStack, 'env'>): string {
  const { ADMIN_USERNAME, ADMIN_PASSWORD } = stack.env.gatewayConfig;
  if (!ADMIN_USERNAME || !ADMIN_PASSWORD) throw new Error('the test stack has no admin credentials configured');
  return basicAuth(ADMIN_USERNAME, ADMIN_PASSWORD);
}

/** Signs the stack's first admin in through the /admin login form and waits for the dashboard. */
export async function signInAsAdmin(page: Page, stack: Pick<TestStack, 'env' | 'baseUrl'>): Promise<void> {
  await page.goto(`${stack.baseUrl}/admin`);
  await page.getByRole('heading', { level: 1, name: 'Admin Login' }).waitFor();
  await page.getByLabel('Username').fill(stack.env.gatewayConfig.ADMIN_USERNAME!);
  await page.getByLabel(/^Password/).fill(stack.env.gatewayConfig.ADMIN_PASSWORD!);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/admin/dashboard');
}
