import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { createQueryClient } from '../lib/api';
import { ToastProvider } from '../lib/toast';
import { routes } from './routes';

// The declarative router: the app loads its data with TanStack Query, so the data router
// (loaders, actions) would be weight in every first download with nothing to do.
function Pages() {
  return useRoutes(routes);
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <BrowserRouter>
          <Pages />
        </BrowserRouter>
      </ToastProvider>
    </QueryClientProvider>
  );
}
