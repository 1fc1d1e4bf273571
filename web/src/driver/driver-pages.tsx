import { lazy } from 'react';

/*
 * The driver's pages, each its own chunk, behind one lazy entry in the app's routes (as the
 * admin's, admin/admin-pages.tsx says why): the public site's entry script carries one preload
 * list for them all.
 */
const PAGES = {
  register: lazy(() => import('./register/DriverRegisterPage')),
  login: lazy(() => import('./login/DriverLoginPage')),
  dashboard: lazy(() => import('./dashboard/DriverDashboardPage')),
  revenue: lazy(() => import('./revenue/DriverRevenuePage')),
};
export type DriverPageName = keyof typeof PAGES;

/** The driver page of that name (the layout's Suspense shows its loading state meanwhile). */
export default function DriverPages({ page }: { page: DriverPageName }) {
  const Page = PAGES[page];
  return <Page />;
}
