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
