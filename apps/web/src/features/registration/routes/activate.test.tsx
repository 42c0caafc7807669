import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen, stubServer } from '../testing/render-screen';
import ActivateRoute from './activate';

const TOKEN = 'Zm9yLXRlc3RzLW9ubHktdGhpcy1pcy1ub3QtYS1yZWFs';

/** The popup's own Close button (the header's × has the same name). */
async function closePopup(user: ReturnType<typeof userEvent.setup>) {
  const close = screen.getAllByRole('button', { name: 'Close' }).at(-1);
  if (close === undefined) throw new Error('no close button');
  await user.click(close);
}

function renderAt(url: string, state?: unknown) {
  return renderScreen(<ActivateRoute />, { path: '/activate', url, state });
}

describe('activate', { timeout: 20_000 }, () => {
  it('activates from the mail link once, says so in the spec’s words, then goes to sign-in', async () => {
    const calls = stubServer({
      accountActivate: () => [200, { responseCode: '00', login: 'ioana@example.com', customerType: 'personal' }],
    });
    const user = userEvent.setup();
    const router = renderAt(`/activate?action=activation&username=ioana%40example.com&activationCode=${TOKEN}`);
    expect(await screen.findByText('Your Account has been activated.')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({
      method: 'accountActivate',
      username: 'ioana@example.com',
      activationCode: TOKEN,
    });
    await closePopup(user);
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('tells a business that its authorized users will receive links', async () => {
    stubServer({
      accountActivate: () => [
        200,
        { responseCode: '00', login: 'founder@acme.example', customerType: 'business', invitedUsersNotified: 2 },
      ],
    });
    renderAt(`/activate?action=activationBusiness&username=founder%40acme.example&activationCode=${TOKEN}`);
    expect(
      await screen.findByText(
        'Your Account has been activated. Authorized users will receive links to activate their own access.',
      ),
    ).toBeInTheDocument();
  });

  it('shows why a link failed, then leaves the form with the e-mail filled in and the link gone', async () => {
    stubServer({
      accountActivate: () => [
        400,
        {
          responseCode: 'VF',
          responseDescription: 'Please check the highlighted fields.',
          validationErrors: [{ field: 'activationCode', message: 'This code has expired. Request a new code.' }],
        },
      ],
    });
    const user = userEvent.setup();
    const router = renderAt(`/activate?action=activation&username=ioana%40example.com&activationCode=${TOKEN}`);
    expect(await screen.findByText('This code has expired. Request a new code.')).toBeInTheDocument();
    await closePopup(user);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByLabelText(/^E-mail address/)).toHaveValue('ioana@example.com');
  });

  it('asks an invited user for the activation details in a popup, then activates', async () => {
    const calls = stubServer({
      employeeActivate: () => [
        200,
        { responseCode: '00', login: 'dana@northwind.example', businessName: 'Northwind Trading Ltd' },
      ],
    });
    const user = userEvent.setup();
    renderAt(`/activate?action=activationEmployee&username=dana%40northwind.example&activationCode=${TOKEN}`);
    const dialog = await screen.findByRole('dialog', { name: 'Activate your access' });
    expect(dialog).toHaveTextContent('dana@northwind.example');
    await user.click(screen.getByRole('button', { name: 'Activate access' }));
    expect(await screen.findByRole('link', { name: 'Enter your first name' })).toBeInTheDocument();

    await user.click(screen.getByLabelText(/^First name/));
    await user.paste('Dana');
    await user.click(screen.getByLabelText(/^Last name/));
    await user.paste('Kovač');
    await user.click(screen.getByLabelText(/^Password/));
    await user.paste('Copper-kettle-sings-at-dawn-8');
    await user.click(screen.getByLabelText(/^Repeat the password/));
    await user.paste('Copper-kettle-sings-at-dawn-8');
    await user.click(screen.getByRole('button', { name: 'Activate access' }));
    expect(
      await screen.findByText('Your access to Northwind Trading Ltd has been activated. You can sign in now.'),
    ).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({
      method: 'employeeActivate',
      username: 'dana@northwind.example',
      activationCode: TOKEN,
      firstName: 'Dana',
      lastName: 'Kovač',
      passwordRepeat: 'Copper-kettle-sings-at-dawn-8',
    });
  });

  it.each([
    ['success', 'Your E-mail address has been confirmed!'],
    ['fail', 'An error has occurred. Please contact us.'],
  ])('shows the e-mail confirmation popup for emailConfirmation=%s', async (outcome, text) => {
    const calls = stubServer({});
    renderAt(`/activate?emailConfirmation=${outcome}`);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('activates with a typed code after registering, and can send a new code', async () => {
    const calls = stubServer({
      accountActivationResend: () => [200, { responseCode: '00' }],
      accountActivate: () => [200, { responseCode: '00', login: 'ioana@example.com', customerType: 'personal' }],
    });
    const user = userEvent.setup();
    renderAt('/activate', { login: 'ioana@example.com', isJustRegistered: true });
    expect(
      screen.getByText('We sent an activation code to ioana@example.com. It works for 48 hours.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send me a new code' }));
    expect(await screen.findByText(/a new code is on its way/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Activate account' }));
    expect(await screen.findByRole('link', { name: 'Enter the code from the e-mail' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Activation code/), 'Code: 123 456');
    await user.click(screen.getByRole('button', { name: 'Activate account' }));
    expect(await screen.findByText('Your Account has been activated.')).toBeInTheDocument();
    expect(calls.at(-1)?.body).toMatchObject({ username: 'ioana@example.com', activationCode: '123456' });
  });
});
