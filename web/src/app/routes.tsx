import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import PublicLayout from '../public/PublicLayout';

// Each area is its own chunk: a visitor of the public site never downloads admin or driver code.
const AdminLayout = lazy(() => import('../admin/AdminLayout'));
const AdminFleetPage = lazy(() => import('../admin/fleet/AdminFleetPage'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [{ path: '*', element: <NotFoundPage /> }],
  },
  {
    path: '/admin',
    element: <AdminLayout />,
    children: [{ path: 'fleet', element: <AdminFleetPage /> }],
  },
];
