import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClientHolder } from '../app/query-client';
import { renderWithProviders, testQueryClient } from './render';

/**
 * A signed-in screen as the app renders it: providers, a query client (the query layout's), and a
 * router at `path` so links, search parameters and navigation behave as in the browser.
 */
export function renderScreen(ui: ReactNode, options: { path?: string } = {}) {
  const queryClient = testQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>,
      },
    ],
    { initialEntries: [options.path ?? '/'] },
  );
  const result = renderWithProviders(<RouterProvider router={router} />, {
    queryClientHolder: createQueryClientHolder(queryClient),
  });
  return { ...result, router, queryClient };
}
