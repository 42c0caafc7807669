import type { CustomerPhone } from '@app/shared/api/profile';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubMainApi, type MethodHandler } from '../../../testing/main-api-stub';
import { renderScreen } from '../../../testing/render-screen';
import { ProfileScreen } from './profile-screen';

const DETAILS = {
  firstName: 'Alex',
  lastName: 'Morgan',
  birthDay: '1990-04-02',
  login: 'personal@demo.test',
  customerType: 'personal' as const,
  taxId: 'RO123',
};

function phone(overrides: Partial<CustomerPhone> = {}): CustomerPhone {
  return {
    phoneId: 5,
    countryCode: '44',
    number: '7911123456',
    e164: '+447911123456',
    phoneType: 2,
    status: 'Unconfirmed',
    isPrimary: false,
    ...overrides,
  };
}

const EMPTY_LISTS: Record<string, MethodHandler> = {
  addressInquiry: () => ({ addresses: [] }),
  phoneInquiry: () => ({ phones: [] }),
  emailInquiry: () => ({ username: 'personal@demo.test', emails: [] }),
};

function renderProfile(handlers: Record<string, MethodHandler>, path = '/profile') {
  const api = stubMainApi({ ...EMPTY_LISTS, ...handlers });
  const onCustomerChanged = vi.fn();
  renderScreen(<ProfileScreen details={DETAILS} onCustomerChanged={onCustomerChanged} />, { path });
  return { api, onCustomerChanged };
}

describe('ProfileScreen', () => {
  it('shows the personal details and says what to do when nothing is added yet', async () => {
    renderProfile({});
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByText('Alex Morgan')).toBeInTheDocument();
    expect(await screen.findByText(/You have not added an address yet/)).toBeInTheDocument();
    expect(await screen.findByText('You have not added a phone yet.')).toBeInTheDocument();
    expect(await screen.findByText('You sign in with personal@demo.test.')).toBeInTheDocument();
  });

  it('adds a phone without the plus sign and confirms the SMS code with the PKCE verifier', async () => {
    let confirmed = false;
    const { api } = renderProfile({
      phoneInquiry: () => ({ phones: confirmed ? [phone({ status: 'Primary', isPrimary: true })] : [] }),
      phoneAdd: () => ({ phone: phone(), reqId: 'req-1', expiresAt: '2030-01-01T00:00:00.000Z', isSandbox: true }),
      phoneConfirm: () => {
        confirmed = true;
        return { phone: phone({ status: 'Primary', isPrimary: true }) };
      },
    });
    const user = userEvent.setup();
    const form = screen.getByRole('heading', { name: 'Add a phone' }).parentElement;
    if (form === null) throw new Error('no phone form');
    await user.type(within(form).getByLabelText(/Country code/), '+44');
    await user.type(within(form).getByLabelText(/Mobile number/), '07911 123456');
    await user.click(within(form).getByRole('button', { name: 'Add phone' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm your phone' });
    expect(within(dialog).getByText(/\+44 7911123456/)).toBeInTheDocument();
    const [added] = api.callsOf('phoneAdd');
    expect(added).toMatchObject({ countryCode: '44', number: '07911123456' });
    expect(typeof added?.codeChallenge).toBe('string');

    await user.type(within(dialog).getByLabelText(/6-digit code/), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [confirmation] = api.callsOf('phoneConfirm');
    expect(confirmation).toMatchObject({ phoneId: 5, verification: { code: '123456' } });
    expect(await screen.findByText('+44 7911123456 is confirmed.')).toBeInTheDocument();
    expect(await screen.findByText('Primary')).toBeInTheDocument();
  });

  it('keeps the code dialog open with the reason when the code is wrong', async () => {
    renderProfile({
      phoneInquiry: () => ({ phones: [phone()] }),
      phoneConfirm: () => ({
        status: 400,
        body: {
          responseCode: 'VF',
          responseDescription: 'Please check the highlighted fields.',
          validationErrors: [{ field: 'code', message: 'The code is not right.' }],
        },
      }),
    });
    const fetchMock = vi.mocked(fetch);
    const base = fetchMock.getMockImplementation();
    // The new code comes from the verification route, outside the main API.
    fetchMock.mockImplementation(async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('/verification/phones/5/verify')) {
        return new Response(
          JSON.stringify({
            responseCode: '00',
            reqId: 'req-2',
            expiresAt: '2030-01-01T00:00:00.000Z',
            isSandbox: true,
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        );
      }
      if (base === undefined) throw new Error('no stub');
      return base(input, init);
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Enter code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your phone' });
    await user.type(within(dialog).getByLabelText(/6-digit code/), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(/The code is not right/)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('does not send an e-mail the client rule refuses', async () => {
    const { api } = renderProfile({});
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'a@b');
    await user.click(screen.getByRole('button', { name: 'Add e-mail' }));
    expect(await screen.findByText(/Enter an e-mail address such as/)).toBeInTheDocument();
    expect(api.callsOf('emailAdd')).toHaveLength(0);
  });

  it('refuses a file of the wrong type before uploading anything', { timeout: 30_000 }, async () => {
    const { api } = renderProfile({});
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole('button', { name: 'Add address' }));
    const dialog = await screen.findByRole('dialog', { name: 'New address' });
    // Pasted, not typed: each keystroke re-renders the form with its country list.
    for (const [label, value] of [
      [/Street and number/, '1 High Street'],
      [/^City/, 'London'],
      [/Postal code/, 'SW1A 1AA'],
    ] as const) {
      await user.click(within(dialog).getByLabelText(label));
      await user.paste(value);
    }
    const fileInput = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (fileInput === null) throw new Error('no file input');
    await user.upload(fileInput, new File(['#!/bin/sh'], 'bill.sh', { type: 'application/x-sh' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Upload a PDF, JPEG, PNG or HEIC file.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose the country.')).toBeInTheDocument();
    expect(api.callsOf('customerAddressCreate')).toHaveLength(0);
  });

  it('opens the e-mail confirmation popup from the mailed link', async () => {
    renderProfile({}, '/profile?emailConfirmation=success');
    expect(await screen.findByText('Your E-mail address has been confirmed!')).toBeInTheDocument();
  });

  it('saves the tax number and tells the app the customer changed', async () => {
    const { api, onCustomerChanged } = renderProfile({ customerTaxNumberUpdate: () => ({ taxId: 'RO12345678' }) });
    const user = userEvent.setup();
    const input = screen.getByRole('textbox', { name: /^Tax number/ });
    await user.clear(input);
    await user.type(input, 'ro 1234 5678');
    await user.click(screen.getByRole('button', { name: 'Save tax number' }));
    expect(await screen.findByText('Your tax number was saved.')).toBeInTheDocument();
    expect(api.callsOf('customerTaxNumberUpdate')[0]).toMatchObject({ taxId: 'RO12345678' });
    expect(onCustomerChanged).toHaveBeenCalled();
  });
});
