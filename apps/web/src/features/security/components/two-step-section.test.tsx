import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubMainApi } from '../../../testing/main-api-stub';
import { renderScreen } from '../../../testing/render-screen';
import { TwoStepSection } from './two-step-section';

const SETTINGS = {
  login2faMode: 'no',
  transactionApproveMode: 0,
  hasTotp: false,
  recoveryCodesLeft: 0,
  activeDeviceCount: 0,
  reauthExpiresInSeconds: 0,
};

const REAUTH_REFUSAL = {
  status: 403,
  body: {
    responseCode: 'ENOA',
    responseDescription: 'Enter your password again to change security settings.',
    validationErrors: [{ field: 'reauthentication', message: 'Enter your password to continue.' }],
  },
};

describe('TwoStepSection', { timeout: 20_000 }, () => {
  it('asks for the password when the server wants it, then repeats the change and opens the SMS code popup', async () => {
    let starts = 0;
    const api = stubMainApi({
      securitySettingsGet: () => SETTINGS,
      securityReauthenticate: () => ({ reauthExpiresInSeconds: 300 }),
      '/customer/two-step-verification': () => {
        starts += 1;
        if (starts === 1) return REAUTH_REFUSAL;
        return {
          confirmWith: 'sms',
          target: 'signIn',
          reqId: '0f8fad5b-d9cb-469f-a165-70867728950e',
          sentTo: '+44*******111',
          identifier: '42',
          expiresInSeconds: 300,
        };
      },
    });
    const user = userEvent.setup();
    renderScreen(<TwoStepSection />);
    expect(await screen.findByText('Sign-ins now: Password only')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Confirm sign-ins with'), 'sms');
    await user.type(screen.getByLabelText('Phone number for codes'), '+44 7700 900111');
    await user.click(screen.getByRole('button', { name: 'Change sign-in verification' }));

    const password = await screen.findByLabelText(/^Password/);
    await user.type(password, 'Demo-pass-2026');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('We sent a code to +44*******111.')).toBeInTheDocument();
    expect(api.callsOf('securityReauthenticate')).toEqual([expect.objectContaining({ password: 'Demo-pass-2026' })]);
    await waitFor(() => expect(api.callsOf('/customer/two-step-verification')).toHaveLength(2));
    expect(api.callsOf('/customer/two-step-verification')[1]).toEqual({ mode: 'sms', phone: '+44 7700 900111' });
  });

  it('shows the server message of a refused change', async () => {
    stubMainApi({
      securitySettingsGet: () => SETTINGS,
      '/customer/two-step-verification': () => ({
        status: 400,
        body: { responseCode: 'TA1', responseDescription: 'Link a mobile device first: push approvals go to it.' },
      }),
    });
    const user = userEvent.setup();
    renderScreen(<TwoStepSection />);
    await user.selectOptions(await screen.findByLabelText('Approve payments with'), '1');
    await user.click(screen.getByRole('button', { name: 'Change payment approval' }));
    expect(await screen.findByText('Link a mobile device first: push approvals go to it.')).toBeInTheDocument();
  });
});
