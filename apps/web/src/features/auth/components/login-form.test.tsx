import { PKCE_PATTERN } from '@app/shared/validation/pkce';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getSession } from '../../../lib/session';
import { requestOf, respond } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { LoginForm } from './login-form';

function renderForm(onSignedIn = vi.fn(() => Promise.resolve())) {
  renderWithProviders(<LoginForm onSignedIn={onSignedIn} />);
  return {
    onSignedIn,
    email: () => screen.getByLabelText(/E-mail address/),
    password: () => screen.getByLabelText(/^Password/),
    submit: () => screen.getByRole('button', { name: 'Sign in' }),
  };
}

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
    expect(form.onSignedIn).not.toHaveBeenCalled();
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

    await waitFor(() => expect(form.onSignedIn).toHaveBeenCalledTimes(1));
    const { url, body } = requestOf(fetchMock.mock.calls[0]?.[0], fetchMock.mock.calls[0]?.[1]);
    expect(url).toBe('/auth/login');
    expect(body).toMatchObject({ client: 'web', username: 'personal@demo.test', password: 'Demo-pass-2026' });
    const challenge = String(body.codeChallenge);
    expect(challenge.length).toBeGreaterThanOrEqual(43);
    expect(challenge.length).toBeLessThanOrEqual(128);
    expect(challenge).toMatch(PKCE_PATTERN);
    expect(getSession()).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  });

  it('reports an unknown sign-in flow clearly instead of failing silently', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => respond(200, { responseCode: '00', authFlow: { type: 'push', tmpJwt: 'x' } })),
    );
    const user = userEvent.setup();
    const form = renderForm();
    await user.type(form.email(), 'personal@demo.test');
    await user.type(form.password(), 'Demo-pass-2026');
    await user.click(form.submit());
    expect(await screen.findByText(/sign-in method isn't available in the web app yet/)).toBeInTheDocument();
    expect(getSession()).toBeNull();
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
