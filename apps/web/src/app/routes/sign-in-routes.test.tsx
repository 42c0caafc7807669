import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { getFromCustomerId, getSession, startSession } from '../../lib/session';
import { customerFixture, requestOf, respond } from '../../testing/fixtures';
import { renderWithProviders, testQueryClient } from '../../testing/render';
import { createQueryClientHolder } from '../query-client';
import { createRoutes } from '../routes';

type Handler = (call: { url: string; body: Record<string, unknown> }) => Promise<Response> | undefined;

/** One fake server for a whole journey: the first handler that answers wins. */
function stubServer(...handlers: Handler[]) {
  const calls: { url: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: unknown, init?: unknown) => {
      const call = requestOf(input, init);
      calls.push(call);
      for (const handler of handlers) {
        const answer = handler(call);
        if (answer) return answer;
      }
      return respond(404, { responseCode: 'TA1' });
    }),
  );
  return calls;
}

const on =
  (url: string, answer: (body: Record<string, unknown>) => Promise<Response>): Handler =>
  (call) =>
    call.url === url ? answer(call.body) : undefined;

const tokens = { accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 300 };
const business = customerFixture({
  customerType: 'business',
  businessName: 'Northwind Trading Ltd',
  customerId: 11,
  accessRights: 2,
  isHaveRelatedAccounts: true,
});
const northwind = [
  { customerId: 11, displayName: 'Northwind Trading Ltd', customerType: 'business', accessRights: 2 },
  { customerId: 12, displayName: 'Northwind Logistics Ltd', customerType: 'business', accessRights: 1 },
];

function renderAt(path: string) {
  const queryClientHolder = createQueryClientHolder(testQueryClient());
  const router = createMemoryRouter(createRoutes(queryClientHolder), { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, { queryClientHolder });
  return router;
}

describe('sign-in by a code in the address', () => {
  it('exchanges code and verifier, then routes on, leaving no code in the address', async () => {
    const calls = stubServer(
      on('/auth/token', () => respond(200, { responseCode: '00', ...tokens })),
      on('/api?method=customerInfoGet', () => respond(200, { responseCode: '00', customer: customerFixture() })),
    );
    const router = renderAt(`/login?code=code-1&codeVerifier=${'v'.repeat(43)}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(calls[0]).toMatchObject({ url: '/auth/token', body: { code: 'code-1', codeVerifier: 'v'.repeat(43) } });
    expect(getSession()).toMatchObject({ accessToken: 'access-1' });
  });

  it('shows a refused code on the clean sign-in form', async () => {
    stubServer(
      on('/auth/token', () =>
        respond(401, {
          responseCode: 'AU',
          responseDescription: 'This sign-in code is invalid or has expired. Please sign in again.',
        }),
      ),
    );
    const router = renderAt(`/login?code=used&codeVerifier=${'v'.repeat(43)}`);
    expect(await screen.findByText(/This sign-in code is invalid or has expired/)).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('continues with the two-factor set-up when the code meets a strict migration', async () => {
    stubServer(
      on('/auth/token', () =>
        respond(200, {
          responseCode: '00',
          migration: { req: 'strict', daysLeft: 0, devices: [], strat: 'enable', tmpJwt: 'setup-1' },
        }),
      ),
      on('/customer/two-step-verification', () => respond(500, { responseCode: 'UE' })),
    );
    renderAt(`/login?code=code-2&codeVerifier=${'v'.repeat(43)}`);
    expect(
      await screen.findByRole('heading', { name: 'Turn on two-step verification to continue' }),
    ).toBeInTheDocument();
    expect(getSession()).toBeNull();
  });

  it('forwards an activation link that names the sign-in page to the activation screen, query kept', async () => {
    stubServer();
    const router = renderAt('/login?action=activation&username=ana%40example.com&activationCode=123456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/activate'));
    expect(new URLSearchParams(router.state.location.search).get('activationCode')).toBe('123456');
  });

  it('forwards an e-mail confirmation outcome on the sign-in page to its popup', async () => {
    stubServer();
    const router = renderAt('/login?emailConfirmation=fail');
    await waitFor(() => expect(router.state.location.pathname).toBe('/activate'));
    expect(router.state.location.search).toBe('?emailConfirmation=fail');
  });

  it('takes the customer to act for from the address', async () => {
    stubServer();
    renderAt('/login?fromCustomerId=12');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(getFromCustomerId()).toBe(12);
  });
});

describe('related accounts (spec 000 §4 rule 4)', () => {
  it('sends a business user with related accounts from the form to the chooser, and on as the chosen one', async () => {
    const calls = stubServer(
      on('/auth/login', () => respond(200, { responseCode: '00', authFlow: { type: 'simple', ...tokens } })),
      on('/api?method=customerAccessList', () => respond(200, { responseCode: '00', customers: northwind })),
      on('/api?method=customerInfoGet', (body) =>
        respond(200, {
          responseCode: '00',
          customer:
            body.fromCustomerId === 12
              ? { ...business, customerId: 12, businessName: 'Northwind Logistics Ltd' }
              : business,
        }),
      ),
    );
    const router = renderAt('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/E-mail address/), 'business@demo.test');
    await user.type(screen.getByLabelText(/^Password/), 'Demo-pass-2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Choose an account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/select-customer');
    expect(
      screen.getByRole('button', { name: /Northwind Trading Ltd Business account · Full access/ }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Northwind Logistics Ltd Business account · View only/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(getFromCustomerId()).toBe(12);
    expect(calls.filter((call) => call.url === '/api?method=customerInfoGet').at(-1)?.body).toMatchObject({
      fromCustomerId: 12,
    });
  });

  it('keeps a business user with no customer to act for at sign-in, saying why', async () => {
    stubServer(
      on('/auth/login', () => respond(200, { responseCode: '00', authFlow: { type: 'simple', ...tokens } })),
      on('/api?method=customerAccessList', () => respond(200, { responseCode: '00', customers: [] })),
      on('/api?method=customerInfoGet', () => respond(200, { responseCode: '00', customer: business })),
    );
    const router = renderAt('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/E-mail address/), 'business@demo.test');
    await user.type(screen.getByLabelText(/^Password/), 'Demo-pass-2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText("There's no account for you to sign in to")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(getSession()).toBeNull());
  });

  it('says so on the chooser when the list is empty, and offers to sign out', async () => {
    startSession(tokens);
    stubServer(on('/api?method=customerAccessList', () => respond(200, { responseCode: '00', customers: [] })));
    renderAt('/select-customer');
    expect(await screen.findByText('No accounts to choose from')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });
});

describe('scp and scp-mobile', () => {
  const enrolment = {
    responseCode: '00',
    reqId: '3d6c1a9e-0000-4c1e-9d7b-2a1c3e4f5a6b',
    mode: 'otp',
    secret: 'KRSXG5CTMVRXEZLU',
    otpauthUrl: 'otpauth://totp/Harbor:migrate-soft%40demo.test?secret=KRSXG5CTMVRXEZLU',
    expiresInSeconds: 600,
  };

  it('scp: a QR code to scan; once on, continues where sign-in was going', async () => {
    startSession(tokens);
    stubServer(
      on('/customer/two-step-verification', () => respond(200, enrolment)),
      on(`/customer/two-step-verification/${enrolment.reqId}/confirm`, () => respond(200, { responseCode: '00' })),
      on('/api?method=customerInfoGet', () => respond(200, { responseCode: '00', customer: customerFixture() })),
    );
    const router = renderAt('/scp');
    expect(await screen.findByRole('img', { name: /QR code that adds Harbor/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Setting up on this phone/ })).toHaveAttribute('href', '/scp-mobile');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/6-digit code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step verification' }));
    expect(await screen.findByRole('heading', { name: 'Two-step verification is on' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('scp-mobile: no QR code, a link into the authenticator app; "Not now" carries on', async () => {
    startSession(tokens);
    stubServer(
      on('/customer/two-step-verification', () => respond(200, enrolment)),
      on('/api?method=customerInfoGet', () => respond(200, { responseCode: '00', customer: customerFixture() })),
    );
    const router = renderAt('/scp-mobile');
    expect(await screen.findByRole('link', { name: 'Add to my authenticator app' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('needs a session', async () => {
    stubServer();
    const router = renderAt('/scp');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
  });
});
