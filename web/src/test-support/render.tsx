import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ToastProvider } from '../lib/toast';

/**
 * Renders a component with what the app wraps every page in: a router, a query client and the
 * toasts. Queries answer `queryData[path]` (or nothing) instead of calling a server; the keys they
 * were asked with (path and params) are pushed to `asked` when given. `seeded` answers are in the
 * cache before the first render (data a page holds itself back for, already there).
 */
export function renderWithApp(
  ui: ReactElement,
  options: { path?: string; queryData?: Record<string, unknown>; seeded?: Record<string, unknown>; asked?: QueryKey[] } = {},
): RenderResult {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: Infinity,
        queryFn: async ({ queryKey }) => {
          options.asked?.push(queryKey);
          return options.queryData?.[String(queryKey[0])] ?? null;
        },
      },
      mutations: { retry: false },
    },
  });
  for (const [path, data] of Object.entries(options.seeded ?? {})) queryClient.setQueryData([path], data);
  return render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <MemoryRouter initialEntries={[options.path ?? '/']}>{ui}</MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}
