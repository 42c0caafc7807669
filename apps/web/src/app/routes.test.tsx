import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { harbor } from '../brands/harbor/config';
import { tidewater } from '../brands/tidewater/config';
import { getSession, startSession } from '../lib/session';
import { sessionStore, StorageKey } from '../lib/storage';
import { customerFixture, requestOf, respond } from '../testing/fixtures';
import { renderWithProviders, testQueryClient } from '../testing/render';
import { createQueryClientHolder } from './query-client';
import { createRoutes } from './routes';

function renderAt(path: string, brand = harbor) {
  const queryClientHolder = createQueryClientHolder(testQueryClient());
  const router = createMemoryRouter(createRoutes(queryClientHolder), { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, { brand, queryClientHolder });
  return router;
}

describe('routes and guards', () => {
  it('sends an unauthenticated visit to a protected route to /login and remembers the path', async () => {
    const router = renderAt('/admin-overview?q=ada');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStore.get(StorageKey.initialPath)).toBe('/admin-overview?q=ada');
  });

  it('redirects / to /login', async () => {
    const router = renderAt('/');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the 404 page in the sign-in layout for a guest', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
  });

  it('renders no register link when the brand has self-registration off; password reset stays', async () => {
    renderAt('/login', tidewater);
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(screen.queryByText('Create an account')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/reset-password');
  });

  it('links the sign-in screen to registration and password reset on a brand that registers online', async () => {
    renderAt('/login', harbor);
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/reset-password');
  });

  it('resumes a remembered session on /login: refreshes tokens first, then routes (saved path restored)', async () => {
    startSession({ accessToken: 'old', refreshToken: 'refresh-1', expiresIn: 300 });
    sessionStore.set(StorageKey.initialPath, '/home');
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: unknown, init?: unknown) => {
        const { url, headers } = requestOf(input, init);
        calls.push(url);
        if (url === '/auth/refresh') {
          return respond(200, { responseCode: '00', accessToken: 'new', refreshToken: 'refresh-2', expiresIn: 300 });
        }
        expect(headers.Authorization).toBe('Bearer new');
        return respond(200, { responseCode: '00', customer: customerFixture() });
      }),
    );
    const router = renderAt('/login');
    expect(await screen.findByRole('heading', { name: 'Hello, Ada Lovelace' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(calls[0]).toBe('/auth/refresh');
    expect(sessionStore.get(StorageKey.initialPath)).toBeNull();
  });

  it('blocks sign-in with a clear error when the customer cannot be loaded', async () => {
    startSession({ accessToken: 'old', refreshToken: 'refresh-1', expiresIn: 300 });
    vi.stubGlobal(
      'fetch',
      vi.fn((input: unknown) =>
        String(input) === '/auth/refresh'
          ? respond(200, { responseCode: '00', accessToken: 'new', refreshToken: 'refresh-2', expiresIn: 300 })
          : respond(500, { responseCode: 'UE' }),
      ),
    );
    renderAt('/login');
    expect(await screen.findByText("We couldn't load your profile, so you can't continue yet")).toBeInTheDocument();
    expect(screen.getByText(/Server is not available/)).toBeInTheDocument();
    await waitFor(() => expect(getSession()).toBeNull());
  });
});
