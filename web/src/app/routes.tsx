import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { REFERRAL_PAGE, WEB_PAGES } from '@limo/contracts/common/web-routes';
import PublicLayout from '../public/PublicLayout';
import { publicRoutes } from '../public/public-routes';

// Each area is its own chunk: a visitor of the public site never downloads admin or driver code.
const AdminLayout = lazy(() => import('../admin/AdminLayout'));
// The admin's pages behind one entry (admin/admin-pages.tsx says why).
const AdminPage = lazy(() => import('../admin/admin-pages'));
const DriverLayout = lazy(() => import('../driver/DriverLayout'));
// The driver's pages behind one entry too (driver/driver-pages.tsx).
const DriverPage = lazy(() => import('../driver/driver-pages'));
const NotFoundPage = lazy(() => import('../public/not-found/NotFoundPage'));
const BookingWizardPage = lazy(() => import('../booking/BookingWizardPage'));
const ManageBookingPage = lazy(() => import('../self-service/ManageBookingPage'));
const TrackingPage = lazy(() => import('../self-service/TrackingPage'));
// The account's pages behind one entry too (account/account-pages.tsx), a friend's referral link among them.
const AccountPage = lazy(() => import('../account/account-pages'));

// Paths come from the list the gateway also reads (200 for these pages, 404 for others).
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      ...publicRoutes,
      { path: WEB_PAGES.booking, element: <BookingWizardPage /> },
      { path: WEB_PAGES.bookingManage, element: <ManageBookingPage /> },
      { path: WEB_PAGES.track, element: <TrackingPage /> },
      { path: WEB_PAGES.account, element: <AccountPage page="account" /> },
      { path: WEB_PAGES.accountBooking, element: <AccountPage page="booking" /> },
      { path: WEB_PAGES.accountReceipt, element: <AccountPage page="receipt" /> },
      { path: REFERRAL_PAGE, element: <AccountPage page="referral" /> },
      { path: WEB_PAGES.driverRegister, element: <DriverPage page="register" /> },
      { path: WEB_PAGES.driverLogin, element: <DriverPage page="login" /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    // Signed-in drivers only: the layout sends anyone else to /login?next=<page>.
    element: <DriverLayout />,
    children: [
      { path: WEB_PAGES.driverDashboard, element: <DriverPage page="dashboard" /> },
      { path: WEB_PAGES.driverRevenue, element: <DriverPage page="revenue" /> },
    ],
  },
  {
    path: WEB_PAGES.adminLogin,
    element: <AdminLayout />,
    children: [
      { index: true, element: <AdminPage page="login" /> },
      { path: WEB_PAGES.adminDashboard, element: <AdminPage page="dashboard" /> },
      { path: WEB_PAGES.adminDrivers, element: <AdminPage page="drivers" /> },
      { path: WEB_PAGES.adminCustomers, element: <AdminPage page="customers" /> },
      { path: WEB_PAGES.adminCompanies, element: <AdminPage page="companies" /> },
      { path: WEB_PAGES.adminFleet, element: <AdminPage page="fleet" /> },
      { path: WEB_PAGES.adminRates, element: <AdminPage page="rates" /> },
      { path: WEB_PAGES.adminBookings, element: <AdminPage page="bookings" /> },
      { path: WEB_PAGES.adminReports, element: <AdminPage page="reports" /> },
      { path: WEB_PAGES.adminDispatch, element: <AdminPage page="dispatch" /> },
      { path: WEB_PAGES.adminRegisterDriver, element: <AdminPage page="registerDriver" /> },
    ],
  },
];
