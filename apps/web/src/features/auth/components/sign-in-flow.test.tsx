import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getSession } from '../../../lib/session';
import { requestOf, respond } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { trustedBrowserSecretOf } from '../utils/trusted-browsers';
import { SignInFlow } from './sign-in-flow';

type Answer = { status: number; body: unknown };
const ok = (body: Record<string, unknown>): Answer => ({ status: 200, body: { responseCode: '00', ...body } });
const tokens = { accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 300 };

/** The auth service as a script: each path answers its queue in order (the last answer repeats). */
function stubServer(script: Record<string, Answer[]>) {
  const calls: { url: string; body: Record<string, unknown>; headers: Record<string, string> }[] = [];
  const fetchMock = vi.fn((input: unknown, init?: unknown) => {
    const call = requestOf(input, init);
    calls.push(call);
    const queue = script[call.url];
    const answer = queue && queue.length > 1 ? queue.shift() : queue?.[0];
    return answer ? respond(answer.status, answer.body) : respond(404, { responseCode: 'TA1' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, callsTo: (url: string) => calls.filter((call) => call.url === url) };
}

function renderFlow() {
  const onSignedIn = vi.fn(() => Promise.resolve(true));
  const onSetUpSecondFactor = vi.fn();
  renderWithProviders(
    <SignInFlow intro={<h1>Sign in</h1>} onSignedIn={onSignedIn} onSetUpSecondFactor={onSetUpSecondFactor} />,
  );
  return { onSignedIn, onSetUpSecondFactor };
}

async function signInWithPassword(email: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/E-mail address/), email);
  await user.type(screen.getByLabelText(/^Password/), 'Demo-pass-2026');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('sign-in flow: authenticator code (otp)', () => {
  it('asks for the code, shows a wrong one inline, and exchanges the right one with the PKCE verifier', async () => {
    const server = stubServer({
      '/auth/login': [ok({ authFlow: { type: 'otp', code: 'sign-in-code-1', expiresInSeconds: 600 } })],
      '/auth/token': [
        {
          status: 400,
          body: {
            responseCode: 'VF',
            validationErrors: [{ field: 'otp', message: 'The code is incorrect. 4 attempts left.' }],
          },
        },
        ok(tokens),
      ],
    });
    const flow = renderFlow();
    const user = await signInWithPassword('otp@demo.test');

    expect(await screen.findByRole('heading', { name: 'Enter your authenticator code' })).toHaveFocus();
    const codeField = screen.getByLabelText(/6-digit code/);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findAllByText('Enter the code')).toHaveLength(2);

    await user.type(codeField, '000 000');
    expect(codeField).toHaveValue('000000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findAllByText('The code is incorrect. 4 attempts left.')).toHaveLength(2);
    expect(codeField).toHaveAttribute('aria-invalid', 'true');

    await user.clear(codeField);
    await user.type(codeField, '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(flow.onSignedIn).toHaveBeenCalledTimes(1));
    const exchange = server.callsTo('/auth/token')[1];
    expect(exchange?.body).toMatchObject({ code: 'sign-in-code-1', otp: '123456' });
    expect(String(exchange?.body.codeVerifier)).toMatch(/^[A-Za-z0-9._~-]{43,128}$/);
    expect(getSession()).toMatchObject({ accessToken: 'access-1' });
  });

  it('takes a recovery code instead, checks its shape, sends it as the otp, and can go back to the app code', async () => {
    const server = stubServer({
      '/auth/login': [ok({ authFlow: { type: 'otp', code: 'sign-in-code-1', expiresInSeconds: 600 } })],
      '/auth/token': [ok(tokens)],
    });
    const flow = renderFlow();
    const user = await signInWithPassword('otp@demo.test');

    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    expect(screen.getByRole('heading', { name: 'Enter a recovery code' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/6-digit code/)).not.toBeInTheDocument();
    const recoveryField = screen.getByLabelText(/Recovery code/);
    await waitFor(() => expect(recoveryField).toHaveFocus());

    await user.type(recoveryField, 'abcde-1234o');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findAllByText(/two groups of five letters and digits/)).toHaveLength(2);
    expect(server.callsTo('/auth/token')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Use the authenticator code instead' }));
    expect(await screen.findByLabelText(/6-digit code/)).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));

    // Pasted from a password manager: upper case and spaces are forgiven, the server's form is sent.
    await user.type(screen.getByLabelText(/Recovery code/), ' ABCDE 23456 ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(flow.onSignedIn).toHaveBeenCalledTimes(1));
    expect(server.callsTo('/auth/token')[0]?.body).toMatchObject({ code: 'sign-in-code-1', otp: 'abcde-23456' });
  });

  it('ends a locked sign-in clearly and goes back to the form with the e-mail kept', async () => {
    stubServer({
      '/auth/login': [ok({ authFlow: { type: 'otp', code: 'sign-in-code-1', expiresInSeconds: 600 } })],
      '/auth/token': [
        {
          status: 401,
          body: { responseCode: 'AU', responseDescription: 'Too many incorrect codes. Please sign in again.' },
        },
      ],
    });
    renderFlow();
    const user = await signInWithPassword('otp@demo.test');
    await user.type(await screen.findByLabelText(/6-digit code/), '111111');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Too many incorrect codes. Please sign in again.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/6-digit code/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(await screen.findByLabelText(/E-mail address/)).toHaveValue('otp@demo.test');
  });
});

describe('sign-in flow: SMS code', () => {
  it('shows the masked phone and the message number, and re-sends within the limit', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = stubServer({
      '/auth/login': [
        ok({
          authFlow: {
            type: 'sms',
            code: 'sign-in-code-2',
            tmpToken: 'tmp-2',
            identifier: '42',
            phone: '+44*******123',
            expiresInSeconds: 600,
            codeExpiresInSeconds: 300,
          },
        }),
      ],
      '/auth/code/re-send': [ok({ identifier: '77', resendsLeft: 2, codeExpiresInSeconds: 300 })],
      '/auth/token': [ok(tokens)],
    });
    const flow = renderFlow();
    const user = await signInWithPassword('sms@demo.test');

    expect(await screen.findByRole('heading', { name: 'Check your phone' })).toBeInTheDocument();
    expect(screen.getByText(/\+44\*\*\*\*\*\*\*123\. Enter the code from message #42/)).toBeInTheDocument();
    expect(screen.getByText('The code expires in 5:00.')).toBeInTheDocument();
    // A new code only after the cooldown: the service would refuse it before.
    expect(screen.getByRole('button', { name: /Send a new code in 1:00/ })).toBeDisabled();
    await vi.advanceTimersByTimeAsync(60_000);
    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(
      await screen.findByText(/Use the code from message #77\. You can ask for 2 more codes\./),
    ).toBeInTheDocument();
    expect(server.callsTo('/auth/code/re-send')[0]?.body).toEqual({ tmpToken: 'tmp-2' });

    await user.type(screen.getByLabelText(/6-digit code/), '654321');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(flow.onSignedIn).toHaveBeenCalledTimes(1));
    expect(server.callsTo('/auth/token')[0]?.body).toMatchObject({ code: 'sign-in-code-2', otp: '654321' });
  });

  it('says when the sent code expired', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubServer({
      '/auth/login': [
        ok({
          authFlow: {
            type: 'sms',
            code: 'sign-in-code-2',
            tmpToken: 'tmp-2',
            identifier: '42',
            phone: '+44*******123',
            expiresInSeconds: 600,
            codeExpiresInSeconds: 2,
          },
        }),
      ],
    });
    renderFlow();
    await signInWithPassword('sms@demo.test');
    await screen.findByRole('heading', { name: 'Check your phone' });
    expect(screen.getByText('The code expires in 0:02.')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await screen.findByText('This code has expired. Send a new code.')).toBeInTheDocument();
  });
});

describe('sign-in flow: new browser (verifyDevice)', () => {
  it('confirms the browser with the e-mailed code and remembers it for this login', async () => {
    stubServer({
      '/auth/login': [
        ok({
          authFlow: {
            type: 'verifyDevice',
            code: 'sign-in-code-3',
            tmpToken: 'tmp-3',
            identifier: '05',
            sentTo: 'n*******e@demo.test',
            expiresInSeconds: 600,
            codeExpiresInSeconds: 300,
          },
        }),
      ],
      '/auth/token': [ok({ ...tokens, secret: 'browser-secret-9' })],
    });
    const flow = renderFlow();
    const user = await signInWithPassword('new-device@demo.test');
    expect(await screen.findByRole('heading', { name: 'Confirm this browser' })).toBeInTheDocument();
    expect(screen.getByText(/n\*\*\*\*\*\*\*e@demo\.test\. Enter the code from message #05/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/6-digit code/), '246810');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(flow.onSignedIn).toHaveBeenCalledTimes(1));
    expect(trustedBrowserSecretOf('new-device@demo.test')).toBe('browser-secret-9');
  });
});

describe('sign-in flow: direct', () => {
  it('exchanges the code at once, with no step in between', async () => {
    const server = stubServer({
      '/auth/login': [ok({ authFlow: { type: 'direct', code: 'direct-code', expiresInSeconds: 600 } })],
      '/auth/token': [ok(tokens)],
    });
    const flow = renderFlow();
    await signInWithPassword('push@demo.test');
    await waitFor(() => expect(flow.onSignedIn).toHaveBeenCalledTimes(1));
    expect(server.callsTo('/auth/token')[0]?.body).toMatchObject({ code: 'direct-code' });
    expect(server.callsTo('/auth/token')[0]?.body).not.toHaveProperty('otp');
  });
});

describe('sign-in flow: two-factor migration', () => {
  it('soft: signs in, shows the days left, and lets the user continue or set up now', async () => {
    stubServer({
      '/auth/login': [
        ok({
          authFlow: { type: 'simple', ...tokens },
          migration: { req: 'soft', daysLeft: 14, devices: [], strat: 'enable' },
        }),
      ],
    });
    const flow = renderFlow();
    const user = await signInWithPassword('migrate-soft@demo.test');
    expect(await screen.findByRole('heading', { name: 'Turn on two-step verification' })).toBeInTheDocument();
    expect(screen.getByText(/You have 14 days left to turn it on/)).toBeInTheDocument();
    expect(getSession()).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Turn it on now' }));
    expect(flow.onSetUpSecondFactor).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Remind me later' }));
    await waitFor(() => expect(flow.onSignedIn).toHaveBeenCalledTimes(1));
  });

  it('strict: no session; the authenticator is enabled with the set-up token, which then opens the session', async () => {
    const server = stubServer({
      '/auth/login': [
        ok({ migration: { req: 'strict', daysLeft: 0, devices: [], strat: 'enable', tmpJwt: 'setup-token-1' } }),
      ],
      '/customer/two-step-verification': [
        ok({
          reqId: '6f0f2f7e-8a55-4c1e-9d7b-2a1c3e4f5a6b',
          mode: 'otp',
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/Harbor:migrate-strict%40demo.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          expiresInSeconds: 600,
        }),
      ],
      '/customer/two-step-verification/6f0f2f7e-8a55-4c1e-9d7b-2a1c3e4f5a6b/confirm': [ok(tokens)],
    });
    const flow = renderFlow();
    const user = await signInWithPassword('migrate-strict@demo.test');
    expect(
      await screen.findByRole('heading', { name: 'Turn on two-step verification to continue' }),
    ).toBeInTheDocument();
    expect(getSession()).toBeNull();
    expect(await screen.findByRole('img', { name: /QR code that adds Harbor/ })).toBeInTheDocument();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    // Started once, even under StrictMode's double effects, and with the set-up token.
    const starts = server.callsTo('/customer/two-step-verification');
    expect(starts).toHaveLength(1);
    expect(starts[0]?.headers.Authorization).toBe('Bearer setup-token-1');
    expect(starts[0]?.body).toEqual({ mode: 'otp' });

    await user.type(screen.getByLabelText(/6-digit code/), '135790');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step verification' }));
    await waitFor(() => expect(flow.onSignedIn).toHaveBeenCalledTimes(1));
    expect(getSession()).toMatchObject({ accessToken: 'access-1' });
  });

  it('strict after the second factor: the exchange answers with the set-up token instead of a session', async () => {
    stubServer({
      '/auth/login': [
        ok({
          authFlow: { type: 'otp', code: 'sign-in-code-4', expiresInSeconds: 600 },
          migration: { req: 'strict', daysLeft: 0, devices: [], strat: 'migrate' },
        }),
      ],
      '/auth/token': [
        ok({ migration: { req: 'strict', daysLeft: 0, devices: [], strat: 'migrate', tmpJwt: 'setup-token-2' } }),
      ],
      '/customer/two-step-verification': [{ status: 500, body: { responseCode: 'UE' } }],
    });
    renderFlow();
    const user = await signInWithPassword('migrate-strict@demo.test');
    await user.type(await screen.findByLabelText(/6-digit code/), '112233');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByRole('heading', { name: 'Turn on two-step verification to continue' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Sign-in codes by text message are being retired/)).toBeInTheDocument();
    expect(await screen.findByText(/Server is not available/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(getSession()).toBeNull();
  });
});
