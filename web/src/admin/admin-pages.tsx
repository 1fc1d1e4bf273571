import { lazy } from 'react';

/*
 * The admin's pages, each its own chunk, declared here rather than in the app's routes: a lazy
 * import in the routes puts its chunk's file list (scripts and styles to preload) into the app's
 * entry script, which every visitor of the public site downloads. One entry stands for them all.
 */
const PAGES = {
  login: lazy(() => import('./login/AdminLoginPage')),
  dashboard: lazy(() => import('./dashboard/AdminDashboardPage')),
  drivers: lazy(() => import('./drivers/AdminDriversPage')),
  customers: lazy(() => import('./customers/AdminCustomersPage')),
  companies: lazy(() => import('./companies/AdminCompaniesPage')),
  fleet: lazy(() => import('./fleet/AdminFleetPage')),
  rates: lazy(() => import('./rates/AdminRatesPage')),
  bookings: lazy(() => import('./bookings/AdminBookingsPage')),
  reports: lazy(() => import('./reports/AdminReportsPage')),
  dispatch: lazy(() => import('./dispatch/AdminDispatchPage')),
  registerDriver: lazy(() => import('./register-driver/AdminRegisterDriverPage')),
};
export type AdminPageName = keyof typeof PAGES;

/** The admin page of that name (the layout's Suspense shows its loading state meanwhile). */
export default function AdminPage({ page }: { page: AdminPageName }) {
  const Page = PAGES[page];
  return <Page />;
}
