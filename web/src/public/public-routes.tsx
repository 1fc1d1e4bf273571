import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { WEB_PAGES } from '@limo/contracts/common/web-routes';
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
  { path: WEB_PAGES.business, element: <BusinessPage /> },
  { path: WEB_PAGES.specials, element: <SpecialsPage /> },
  ...SPECIAL_SLUGS.map((slug) => ({ path: specialPath(slug), element: <SpecialDetailPage slug={slug} /> })),
  { path: WEB_PAGES.reservations, element: <ReservationsPage /> },
  { path: WEB_PAGES.meetAndGreet, element: <ServicePage service="meet-and-greet" /> },
  { path: WEB_PAGES.airport, element: <ServicePage service="airport" /> },
  { path: WEB_PAGES.hourly, element: <ServicePage service="hourly" /> },
];
