import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { Brand } from '../../../brands/brand';
import { requestOf, respond } from '../../../testing/fixtures';
import { renderWithProviders, testQueryClient } from '../../../testing/render';

/**
 * Renders a screen of this feature at a URL, with the router and the query client the app gives it,
 * plus the sign-in page as a landing to assert navigation against.
 */
export function renderScreen(
  element: ReactNode,
  options: { path: string; url: string; brand?: Brand; state?: unknown },
) {
  const routes: RouteObject[] = [
    { path: options.path, element },
    { path: '/login', element: <h1>Sign-in page</h1> },
    { path: '/home', element: <h1>Home page</h1> },
  ];
  const url = new URL(options.url, 'http://localhost');
  const router = createMemoryRouter(routes, {
    initialEntries: [{ pathname: url.pathname, search: url.search, state: options.state }],
  });
  renderWithProviders(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
    { brand: options.brand },
  );
  return router;
}

export interface RecordedCall {
  url: string;
  body: Record<string, unknown>;
}

/**
 * A fetch stub answering main-API methods by name (and other paths by path); unknown calls fail the
 * test loudly. Returns the calls made, in order.
 */
export function stubServer(
  answers: Record<string, (body: Record<string, unknown>) => [number, unknown]>,
): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: unknown, init?: unknown) => {
      const { url, body } = requestOf(input, init);
      calls.push({ url, body });
      const method = new URL(url, 'http://localhost').searchParams.get('method');
      const answer = answers[method ?? url];
      if (answer === undefined) throw new Error(`unexpected call ${url}`);
      const [status, reply] = answer(body);
      return respond(status, reply);
    }),
  );
  return calls;
}
