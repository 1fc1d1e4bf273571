import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import PublicLayout from '../public/PublicLayout';
import { publicRoutes } from '../public/public-routes';

// Each area is its own chunk: a visitor of the public site never downloads admin or driver code.
const AdminLayout = lazy(() => import('../admin/AdminLayout'));
const AdminFleetPage = lazy(() => import('../admin/fleet/AdminFleetPage'));
const AdminLoginPage = lazy(() => import('../admin/login/AdminLoginPage'));
const AdminDashboardPage = lazy(() => import('../admin/dashboard/AdminDashboardPage'));
const AdminDriversPage = lazy(() => import('../admin/drivers/AdminDriversPage'));
const AdminBookingsPage = lazy(() => import('../admin/bookings/AdminBookingsPage'));
const AdminReportsPage = lazy(() => import('../admin/reports/AdminReportsPage'));
const AdminRegisterDriverPage = lazy(() => import('../admin/register-driver/AdminRegisterDriverPage'));
const DriverRegisterPage = lazy(() => import('../driver/register/DriverRegisterPage'));
const DriverLoginPage = lazy(() => import('../driver/login/DriverLoginPage'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));
const BookingWizardPage = lazy(() => import('../booking/BookingWizardPage'));

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      ...publicRoutes,
      { path: '/booking', element: <BookingWizardPage /> },
      { path: '/driver/register', element: <DriverRegisterPage /> },
      { path: '/login', element: <DriverLoginPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    path: '/admin',
    element: <AdminLayout />,
    children: [
      { index: true, element: <AdminLoginPage /> },
      { path: 'dashboard', element: <AdminDashboardPage /> },
      { path: 'drivers', element: <AdminDriversPage /> },
      { path: 'fleet', element: <AdminFleetPage /> },
      { path: 'bookings', element: <AdminBookingsPage /> },
      { path: 'reports', element: <AdminReportsPage /> },
      { path: 'register-driver', element: <AdminRegisterDriverPage /> },
    ],
  },
];
