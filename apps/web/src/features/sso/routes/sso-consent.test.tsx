import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../lib/session';
import { requestOf, respond } from '../../../testing/fixtures';
import { renderWithProviders, testQueryClient } from '../../../testing/render';
import SsoConsentRoute from './sso-consent';

const AUTHORIZATION_ID = '6f1c2b0e-3c55-4c1c-9a7a-1f4f2f0a9b11';
const REQUEST = 'clientId=demo-partner&redirectUri=http%3A%2F%2Flocalhost%3A4100%2Fcb&scope=profile%20email&state=xyz';

function renderAt(search: string) {
  const router = createMemoryRouter(
    [
      { path: '/auth/sei', element: <SsoConsentRoute /> },
      { path: '/home', element: <h1>Home page</h1> },
    ],
    { initialEntries: [`/auth/sei?${search}`] },
  );
  renderWithProviders(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function stubAuthService(decision: () => Promise<Response>) {
  const calls: { url: string; body: Record<string, unknown>; authorization?: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: unknown, init?: unknown) => {
      const { url, body, headers } = requestOf(input, init);
      calls.push({ url, body, authorization: headers.Authorization });
      if (url === '/auth/sei/authorize') {
        return respond(200, {
          responseCode: '00',
          authorization: {
            authorizationId: AUTHORIZATION_ID,
            client: { id: 'demo-partner', name: 'Demo Partner Shop' },
            scopes: ['profile', 'email'],
            redirectOrigin: 'http://localhost:4100',
            expiresAt: '2026-01-01T10:10:00.000Z',
          },
        });
      }
      return decision();
    }),
  );
  return calls;
}

/** jsdom's location cannot navigate; the screen's full navigation to the relying party is recorded instead. */
function stubLocationAssign(assign: (url: string) => void) {
  vi.stubGlobal('location', { assign, origin: 'http://localhost', href: 'http://localhost/auth/sei' });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('single sign-on consent', () => {
  it('shows what the relying party asks for, and on Allow goes back to it with the code', async () => {
    startSession({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 300 });
    const assign = vi.fn();
    stubLocationAssign(assign);
    const calls = stubAuthService(() =>
      respond(200, { responseCode: '00', redirectUrl: 'http://localhost:4100/cb?code=abc&state=xyz' }),
    );
    const user = userEvent.setup();
    renderAt(REQUEST);
    expect(await screen.findByRole('heading', { name: 'Sign in to Demo Partner Shop?' })).toBeInTheDocument();
    expect(screen.getByText('see your first and last name')).toBeInTheDocument();
    expect(screen.getByText('see your e-mail address')).toBeInTheDocument();
    expect(screen.getByText("After you answer, you'll go back to http://localhost:4100.")).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      url: '/auth/sei/authorize',
      authorization: 'Bearer access-1',
      body: { clientId: 'demo-partner', redirectUri: 'http://localhost:4100/cb', scope: 'profile email', state: 'xyz' },
    });

    await user.click(screen.getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:4100/cb?code=abc&state=xyz'));
    expect(calls[1]).toMatchObject({ url: `/auth/sei/authorize/${AUTHORIZATION_ID}`, body: { decision: 'approve' } });
  });

  it('sends a decline as such', async () => {
    startSession({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 300 });
    const assign = vi.fn();
    stubLocationAssign(assign);
    const calls = stubAuthService(() =>
      respond(200, { responseCode: '00', redirectUrl: 'http://localhost:4100/cb?error=access_denied&state=xyz' }),
    );
    const user = userEvent.setup();
    renderAt(REQUEST);
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:4100/cb?error=access_denied&state=xyz'));
    expect(calls[1]?.body).toEqual({ decision: 'decline' });
  });

  it('goes home when the server no longer knows the authorization (404)', async () => {
    startSession({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 300 });
    stubAuthService(() => respond(404, { responseCode: 'TA1', responseDescription: 'Not found' }));
    const user = userEvent.setup();
    const router = renderAt(REQUEST);
    await user.click(await screen.findByRole('button', { name: 'Allow' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('asks nothing of the server for an incomplete request, and never sends the customer to its address', async () => {
    startSession({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 300 });
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderAt('clientId=demo-partner&scope=profile');
    expect(await screen.findByText("This sign-in request isn't valid")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/home');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal of an unregistered return address', async () => {
    startSession({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 300 });
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        respond(400, {
          responseCode: 'VF',
          responseDescription: 'Please check the highlighted fields.',
          validationErrors: [
            { field: 'redirectUri', message: 'This return address is not registered for the application.' },
          ],
        }),
      ),
    );
    renderAt(REQUEST);
    expect(await screen.findByText('This return address is not registered for the application.')).toBeInTheDocument();
  });
});
