import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { SPECIAL_SLUGS, specialPath } from './content/special-names';

// Every page is its own lazy chunk: `/` downloads only the home page's code.
const HomePage = lazy(() => import('./home/HomePage'));
const BusinessPage = lazy(() => import('./business/BusinessPage'));
const SpecialsPage = lazy(() => import('./specials/SpecialsPage'));
const SpecialDetailPage = lazy(() => import('./specials/SpecialDetailPage'));
const ServicePage = lazy(() => import('./services/ServicePage'));
const ReservationsPage = lazy(() => import('./services/ReservationsPage'));

/** The public site's pages (spec section 2), children of PublicLayout. No route parameters. */
export const publicRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: '/business', element: <BusinessPage /> },
  { path: '/specials', element: <SpecialsPage /> },
  ...SPECIAL_SLUGS.map((slug) => ({ path: specialPath(slug), element: <SpecialDetailPage slug={slug} /> })),
  { path: '/reservations', element: <ReservationsPage /> },
  { path: '/services/meet-and-greet', element: <ServicePage service="meet-and-greet" /> },
  { path: '/services/airport', element: <ServicePage service="airport" /> },
  { path: '/services/hourly', element: <ServicePage service="hourly" /> },
];
