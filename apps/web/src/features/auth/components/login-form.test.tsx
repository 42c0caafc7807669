import { PKCE_PATTERN } from '@app/shared/validation/pkce';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetMobileBridge } from '../../../lib/mobile-bridge';
import { getSession } from '../../../lib/session';
import { requestOf, respond } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import type { SignInStart } from '../api/sign-in-outcome';
import { rememberTrustedBrowser } from '../utils/trusted-browsers';
import { LoginForm } from './login-form';

function renderForm(onStarted = vi.fn((_start: SignInStart) => Promise.resolve())) {
  renderWithProviders(<LoginForm onStarted={onStarted} />);
  return {
    onStarted,
    email: () => screen.getByLabelText(/E-mail address/),
    password: () => screen.getByLabelText(/^Password/),
    submit: () => screen.getByRole('button', { name: 'Sign in' }),
  };
}

afterEach(() => {
  delete window.ReactNativeWebView;
  resetMobileBridge();
});

describe('LoginForm', () => {
  it('validates before calling the server: required fields, then the e-mail format', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const form = renderForm();

    await user.click(form.submit());
    expect(await screen.findByText('There is a problem')).toBeInTheDocument();
    // Each message appears twice: in the summary (a link to the field) and beside the field.
    expect(screen.getAllByText('Enter your e-mail address')).toHaveLength(2);
    expect(screen.getAllByText('Enter your password')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Enter your e-mail address' })).toHaveAttribute('href', '#login-email');
    expect(form.email()).toHaveAttribute('aria-invalid', 'true');

    await user.type(form.email(), 'not-an-email');
    await user.type(form.password(), 'secret');
    await user.click(form.submit());
    expect(
      await screen.findAllByText('Enter an e-mail address in the correct format, like name@example.com'),
    ).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's AU text and keeps what was typed", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => respond(401, { responseCode: 'AU', responseDescription: 'Wrong e-mail or password.' })),
    );
    const user = userEvent.setup();
    const form = renderForm();
    await user.type(form.email(), 'personal@demo.test');
    await user.type(form.password(), 'wrong-pass');
    await user.click(form.submit());

    expect(await screen.findByText('Wrong e-mail or password.')).toBeInTheDocument();
    expect(screen.getByText('Code for support: AU')).toBeInTheDocument();
    expect(form.email()).toHaveValue('personal@demo.test');
    expect(form.onStarted).not.toHaveBeenCalled();
    expect(getSession()).toBeNull();
  });

  it('signs in with a PKCE S256 challenge of 43–128 characters and starts the session', async () => {
    const fetchMock = vi.fn((_input: unknown, _init?: unknown) =>
      respond(200, {
        responseCode: '00',
        authFlow: { type: 'simple', accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 900 },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const form = renderForm();
    await user.type(form.email(), '  personal@demo.test ');
    await user.type(form.password(), 'Demo-pass-2026');
    await user.click(form.submit());

    await waitFor(() => expect(form.onStarted).toHaveBeenCalledWith({ kind: 'signedIn' }));
    const { url, body } = requestOf(fetchMock.mock.calls[0]?.[0], fetchMock.mock.calls[0]?.[1]);
    expect(url).toBe('/auth/login');
    expect(body).toMatchObject({ client: 'web', username: 'personal@demo.test', password: 'Demo-pass-2026' });
    expect(body).not.toHaveProperty('secret');
    const challenge = String(body.codeChallenge);
    expect(challenge.length).toBeGreaterThanOrEqual(43);
    expect(challenge.length).toBeLessThanOrEqual(128);
    expect(challenge).toMatch(PKCE_PATTERN);
    expect(getSession()).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  });

  it('hands a second-factor flow on with its PKCE verifier, without a session yet', async () => {
    const pushFlow = {
      type: 'push',
      tmpToken: 'tmp-1',
      devices: [{ id: 3, name: 'Pixel', type: 'android' }],
      deeplink: 'harbor://auth/login/5f1c',
      expiresInSeconds: 120,
    };
    const fetchMock = vi.fn((_input: unknown, _init?: unknown) =>
      respond(200, { responseCode: '00', authFlow: pushFlow }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const form = renderForm();
    await user.type(form.email(), 'push@demo.test');
    await user.type(form.password(), 'Demo-pass-2026');
    await user.click(form.submit());

    await waitFor(() => expect(form.onStarted).toHaveBeenCalledTimes(1));
    const start = form.onStarted.mock.calls[0]?.[0];
    expect(start).toMatchObject({ kind: 'secondFactor', flow: pushFlow, login: 'push@demo.test' });
    // The verifier is the one whose S256 the sign-in sent.
    const { body } = requestOf(fetchMock.mock.calls[0]?.[0], fetchMock.mock.calls[0]?.[1]);
    const verifier = start?.kind === 'secondFactor' ? start.codeVerifier : '';
    const { codeChallengeS256 } = await import('@app/shared/validation/pkce');
    expect(await codeChallengeS256(verifier)).toBe(body.codeChallenge);
    expect(getSession()).toBeNull();
  });

  it("sends this browser's verifyDevice secret for the login it was given to, and no other", async () => {
    rememberTrustedBrowser('new-device@demo.test', 'browser-secret-1');
    const fetchMock = vi.fn((_input: unknown, _init?: unknown) =>
      respond(401, { responseCode: 'AU', responseDescription: 'Wrong e-mail or password.' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const form = renderForm();
    await user.type(form.email(), 'New-Device@demo.test');
    await user.type(form.password(), 'Demo-pass-2026');
    await user.click(form.submit());
    await screen.findByText('Wrong e-mail or password.');
    expect(requestOf(fetchMock.mock.calls[0]?.[0], fetchMock.mock.calls[0]?.[1]).body).toMatchObject({
      client: 'web',
      secret: 'browser-secret-1',
    });

    await user.clear(form.email());
    await user.type(form.email(), 'personal@demo.test');
    await user.click(form.submit());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(requestOf(fetchMock.mock.calls[1]?.[0], fetchMock.mock.calls[1]?.[1]).body).not.toHaveProperty('secret');
  });

  it("inside the mobile app signs in as the app's linked device (client mobile, its secret and push token)", async () => {
    window.ReactNativeWebView = {
      postMessage: (message: string) => {
        const request = JSON.parse(message) as { type: string; id?: string };
        if (request.type !== 'init') return;
        window.dispatchEvent(
          new MessageEvent('message', {
            data: JSON.stringify({
              source: 'native',
              type: 'init',
              id: request.id,
              payload: { platform: 'ios', deviceSecret: 'device-secret-1', pushToken: 'push-token-1' },
            }),
          }),
        );
      },
    };
    resetMobileBridge();
    const fetchMock = vi.fn((_input: unknown, _init?: unknown) =>
      respond(200, {
        responseCode: '00',
        authFlow: { type: 'simple', accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 900 },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const form = renderForm();
    await user.type(form.email(), 'push@demo.test');
    await user.type(form.password(), 'Demo-pass-2026');
    await user.click(form.submit());
    await waitFor(() => expect(form.onStarted).toHaveBeenCalledTimes(1));
    expect(requestOf(fetchMock.mock.calls[0]?.[0], fetchMock.mock.calls[0]?.[1]).body).toMatchObject({
      client: 'mobile',
      secret: 'device-secret-1',
      pushToken: 'push-token-1',
    });
  });

  it('maps server validation errors onto the fields', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        respond(400, {
          responseCode: 'VF',
          validationErrors: [{ field: 'username', message: 'Use your registered e-mail' }],
        }),
      ),
    );
    const user = userEvent.setup();
    const form = renderForm();
    await user.type(form.email(), 'personal@demo.test');
    await user.type(form.password(), 'x');
    await user.click(form.submit());
    expect(await screen.findAllByText('Use your registered e-mail')).toHaveLength(2);
    expect(form.email()).toHaveAttribute('aria-invalid', 'true');
  });
});
