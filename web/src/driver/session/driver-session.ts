import type { QueryClient } from '@tanstack/react-query';
import { WEB_PAGES } from '@limo/contracts/common/web-routes';
import { isDriverPath } from '../../lib/api';

/**
 * The signed-in driver, as GET /api/drivers/current answers it: the login page fills it in, the
 * driver pages read it (and ask the server when it is not there yet).
 */
export const DRIVER_SESSION_KEY = ['/api/drivers/current'] as const;

/** Where a driver goes after signing in: `?next=` when it is a driver page, else the dashboard. */
export function afterSignIn(next: string | null | undefined): string {
  if (!next) return WEB_PAGES.driverDashboard;
  // Only this site's driver pages: never another origin (`//host`), never a page of another area.
  const path = next.split(/[?#]/)[0];
  const driverPages: string[] = [WEB_PAGES.driverDashboard, WEB_PAGES.driverRevenue];
  return next.startsWith('/') && !next.startsWith('//') && driverPages.includes(path) ? next : WEB_PAGES.driverDashboard;
}

/** The login page with the way back to `path`. */
export const signInPath = (path: string) => `${WEB_PAGES.driverLogin}?next=${encodeURIComponent(path)}`;

/** Forgets every answer given to the driver's session, so the next person at this browser sees none. */
export function forgetDriverData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => isDriverPath(String(query.queryKey[0])) });
}
