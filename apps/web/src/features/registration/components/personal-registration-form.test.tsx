import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { harbor } from '../../../brands/harbor/config';
import { lumen } from '../../../brands/lumen/config';
import { renderScreen, stubServer } from '../testing/render-screen';
import { PersonalRegistrationForm } from './personal-registration-form';

beforeAll(() => {
  // jsdom lays nothing out; Mantine's combobox scrolls the selected option into view.
  Element.prototype.scrollIntoView = vi.fn();
});

const TERMS = {
  responseCode: '00',
  terms: [
    {
      id: 4,
      code: 'personal-terms',
      version: 1,
      title: 'Terms and Conditions for Personal Accounts',
      url: '/legal/personal-terms/v1',
    },
  ],
};

function renderForm(brand = harbor) {
  const onRegistered = vi.fn();
  renderScreen(<PersonalRegistrationForm onRegistered={onRegistered} />, {
    path: '/register/personal',
    url: '/register/personal',
    brand,
  });
  return { onRegistered };
}

/** Pasting instead of typing: a keystroke at a time re-checks the password each time and is slow. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, screen.getByLabelText(/^First name/), 'Ioana');
  await fill(user, screen.getByLabelText(/^Last name/), 'Marinescu');
  await fill(user, screen.getByLabelText(/^E-mail address/), 'ioana@example.com');
  const country = document.getElementById('registration-country');
  if (country === null) throw new Error('no country field');
  // The browser's locale pre-selects a country; the customer picks another.
  await user.clear(country);
  await user.type(country, 'Roman');
  await user.click(await screen.findByRole('option', { name: 'Romania' }));
  await fill(user, screen.getByLabelText(/^Mobile phone number/), '0721 000 777');
  await user.click(screen.getByRole('radio', { name: 'Freelancer' }));
  await fill(user, screen.getByLabelText(/^Password/), 'Lantern-harbour-quietly-47');
  await user.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
}

// A long form in jsdom, with the password rule's dictionaries loading on first use.
describe('PersonalRegistrationForm', { timeout: 20_000 }, () => {
  it('says what is missing before calling the server', async () => {
    const calls = stubServer({ registrationTermsList: () => [200, TERMS] });
    const user = userEvent.setup();
    renderForm();
    await screen.findByRole('link', { name: /Terms and Conditions for Personal Accounts/ });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('There is a problem')).toBeInTheDocument();
    for (const message of [
      'Enter your first name',
      'Enter your e-mail address',
      'Enter your mobile phone number',
      'Choose what describes you best',
      'Enter a password',
      'Accept the terms and conditions to open an account',
    ]) {
      expect(screen.getByRole('link', { name: message })).toBeInTheDocument();
    }
    expect(calls.map((call) => call.url)).toEqual(['/api?method=registrationTermsList']);
  });

  it('offers the brand’s personal types: webcam models on the main brand only', async () => {
    stubServer({ registrationTermsList: () => [200, TERMS] });
    renderForm(harbor);
    expect(await screen.findByRole('radio', { name: 'Webcam model' })).toBeInTheDocument();
  });

  it('leaves webcam models out on other brands', async () => {
    stubServer({ registrationTermsList: () => [200, TERMS] });
    renderForm(lumen);
    expect(await screen.findByRole('radio', { name: 'Developer' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Webcam model' })).not.toBeInTheDocument();
  });

  it('holds the password to the shared rule as the customer types and on submit', async () => {
    const calls = stubServer({ registrationTermsList: () => [200, TERMS] });
    const user = userEvent.setup();
    renderForm();
    await fill(user, screen.getByLabelText(/^Password/), 'password1234');
    expect(await screen.findByText('Password strength: weak')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByRole('link', {
        name: 'This password is too common or appeared in a data breach. Choose another one.',
      }),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.url.includes('personalRegistrationCreate'))).toBe(false);
  });

  it('registers with the terms shown and the brand, then hands the result on', async () => {
    const calls = stubServer({
      registrationTermsList: () => [200, TERMS],
      emailExistsCheck: () => [200, { responseCode: '00', exists: false, status: 0 }],
      phoneExistsCheck: () => [200, { responseCode: '00', exists: false, phone: '+40721000777' }],
      personalRegistrationCreate: () => [
        200,
        { responseCode: '00', login: 'ioana@example.com', activationExpiresAt: '2026-01-03T10:00:00.000Z' },
      ],
    });
    const user = userEvent.setup();
    const { onRegistered } = renderForm();
    await screen.findByRole('link', { name: /Terms and Conditions/ });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(onRegistered).toHaveBeenCalledWith({
        login: 'ioana@example.com',
        activationExpiresAt: '2026-01-03T10:00:00.000Z',
      }),
    );
    const registration = calls.find((call) => call.url === '/api?method=personalRegistrationCreate');
    expect(registration?.body).toMatchObject({
      method: 'personalRegistrationCreate',
      email: 'ioana@example.com',
      firstName: 'Ioana',
      lastName: 'Marinescu',
      countryCode: 'RO',
      phone: '0721 000 777',
      registrationType: 'freelancers',
      brand: 'harbor',
      termIds: [4],
      isTermsAccepted: true,
    });
  });

  it('says early that the e-mail has an account, and puts server field errors next to their fields', async () => {
    stubServer({
      registrationTermsList: () => [200, TERMS],
      emailExistsCheck: (body) => [
        200,
        body.email === 'personal@demo.test'
          ? { responseCode: '00', exists: true, status: 1 }
          : { responseCode: '00', exists: false, status: 0 },
      ],
      phoneExistsCheck: () => [200, { responseCode: '00', exists: false, phone: '+40721000777' }],
      personalRegistrationCreate: () => [
        400,
        {
          responseCode: 'VF',
          responseDescription: 'Please check the highlighted fields.',
          validationErrors: [{ field: 'phone', message: 'An account with this phone number already exists.' }],
        },
      ],
    });
    const user = userEvent.setup();
    renderForm();
    await fill(user, screen.getByLabelText(/^E-mail address/), 'personal@demo.test');
    await user.tab();
    expect(
      await screen.findByText('An account with this e-mail address already exists. Sign in, or reset your password.'),
    ).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^E-mail address/));
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByRole('link', { name: 'An account with this phone number already exists.' }),
    ).toHaveAttribute('href', '#registration-phone');
    expect(screen.getByLabelText(/^First name/)).toHaveValue('Ioana');
  });
});
