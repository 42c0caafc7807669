import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen, stubServer } from '../testing/render-screen';
import { PasswordResetFlow } from './password-reset-flow';

const RESET_TOKEN = 'cmVzZXQtdG9rZW4tZm9yLXRlc3RzLW9ubHktMDEyMzQ1';
const NEW_PASSWORD = 'Copper-kettle-sings-at-dawn-8';

type User = ReturnType<typeof userEvent.setup>;

async function paste(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe('PasswordResetFlow', { timeout: 20_000 }, () => {
  it('goes from the e-mail to the code to the new password, and says the sessions ended', async () => {
    const calls = stubServer({
      passwordResetRequest: () => [200, { responseCode: '00', codeExpiresInSeconds: 900 }],
      passwordResetCodeCheck: () => [200, { responseCode: '00', resetToken: RESET_TOKEN, tokenExpiresInSeconds: 900 }],
      passwordResetComplete: () => [200, { responseCode: '00', login: 'ioana@example.com' }],
    });
    const user = userEvent.setup();
    const onSignIn = vi.fn();
    renderScreen(<PasswordResetFlow onSignIn={onSignIn} />, { path: '/reset-password', url: '/reset-password' });

    await paste(user, screen.getByLabelText(/^E-mail address/), 'ioana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(
      await screen.findByText("If ioana@example.com has an account, we've sent it a code. It works for 15 minutes."),
    ).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Code/), '654321');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await paste(user, await screen.findByLabelText(/^New password/, { selector: 'input' }), NEW_PASSWORD);
    await paste(user, screen.getByLabelText(/^Repeat the new password/), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(
      await screen.findByText(
        'Your password has been successfully updated. If you use the mobile app, please link it again.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onSignIn).toHaveBeenCalled();
    expect(calls.map((call) => call.body.method)).toEqual([
      'passwordResetRequest',
      'passwordResetCodeCheck',
      'passwordResetComplete',
    ]);
    expect(calls[1]?.body).toMatchObject({ email: 'ioana@example.com', code: '654321' });
    expect(calls[2]?.body).toMatchObject({
      resetToken: RESET_TOKEN,
      password: NEW_PASSWORD,
      passwordRepeat: NEW_PASSWORD,
    });
  });

  it('shows a wrong code next to the field and keeps the customer on the code step', async () => {
    stubServer({
      passwordResetRequest: () => [200, { responseCode: '00', codeExpiresInSeconds: 900 }],
      passwordResetCodeCheck: () => [
        400,
        {
          responseCode: 'VF',
          responseDescription: 'Please check the highlighted fields.',
          validationErrors: [{ field: 'code', message: 'This code is not right. 4 tries left.' }],
        },
      ],
    });
    const user = userEvent.setup();
    renderScreen(<PasswordResetFlow onSignIn={vi.fn()} />, { path: '/reset-password', url: '/reset-password' });
    await paste(user, screen.getByLabelText(/^E-mail address/), 'ioana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText(/^Code/), '111111');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('link', { name: 'This code is not right. 4 tries left.' })).toHaveAttribute(
      'href',
      '#reset-code',
    );
    expect(screen.getByLabelText(/^Code/)).toHaveValue('111111');
  });

  it('refuses a weak or mismatched new password before calling the server', async () => {
    const calls = stubServer({
      passwordResetRequest: () => [200, { responseCode: '00', codeExpiresInSeconds: 900 }],
      passwordResetCodeCheck: () => [200, { responseCode: '00', resetToken: RESET_TOKEN, tokenExpiresInSeconds: 900 }],
    });
    const user = userEvent.setup();
    renderScreen(<PasswordResetFlow onSignIn={vi.fn()} />, { path: '/reset-password', url: '/reset-password' });
    await paste(user, screen.getByLabelText(/^E-mail address/), 'ioana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText(/^Code/), '654321');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await paste(user, await screen.findByLabelText(/^New password/, { selector: 'input' }), 'short');
    await paste(user, screen.getByLabelText(/^Repeat the new password/), 'different');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('link', { name: 'Use at least 12 characters' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "The passwords don't match" })).toBeInTheDocument();
    expect(calls.map((call) => call.body.method)).not.toContain('passwordResetComplete');
  });
});
