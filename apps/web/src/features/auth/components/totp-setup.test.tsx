import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../lib/session';
import { requestOf, respond } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { AppDownload } from './app-download';
import { groupedSecret, TotpSetup } from './totp-setup';

const reqIds = ['1d6c1a9e-0000-4c1e-9d7b-2a1c3e4f5a6b', '2d6c1a9e-0000-4c1e-9d7b-2a1c3e4f5a6b'];
const enrolment = (reqId: string) => ({
  responseCode: '00',
  reqId,
  mode: 'otp',
  secret: 'KRSXG5CTMVRXEZLU',
  otpauthUrl: 'otpauth://totp/Harbor:personal%40demo.test?secret=KRSXG5CTMVRXEZLU&issuer=Harbor',
  expiresInSeconds: 600,
});

describe('TotpSetup with a session', () => {
  it('shows the key, refuses a wrong code inline, starts again when the set-up ended, and turns on', async () => {
    startSession({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 300 });
    const starts = [...reqIds];
    const confirms = [
      respond(400, {
        responseCode: 'VF',
        validationErrors: [{ field: 'code', message: 'The code is incorrect. Check the time on your phone.' }],
      }),
      respond(400, {
        responseCode: 'TA1',
        responseDescription: 'Too many incorrect codes. Please start the set-up again.',
      }),
      respond(200, { responseCode: '00' }),
    ];
    const fetchMock = vi.fn((input: unknown, init?: unknown) => {
      const { url } = requestOf(input, init);
      if (url === '/customer/two-step-verification') return respond(200, enrolment(starts.shift() ?? 'none'));
      return confirms.shift() ?? respond(500, {});
    });
    vi.stubGlobal('fetch', fetchMock);
    const onEnabled = vi.fn();
    renderWithProviders(<TotpSetup credential={{ kind: 'session' }} layout="phone" onEnabled={onEnabled} />);

    // On a phone: a link into the authenticator app instead of a QR code to scan.
    expect(await screen.findByRole('link', { name: 'Add to my authenticator app' })).toHaveAttribute(
      'href',
      enrolment(reqIds[0] ?? '').otpauthUrl,
    );
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('KRSX G5CT MVRX EZLU')).toBeInTheDocument();
    const first = requestOf(fetchMock.mock.calls[0]?.[0], fetchMock.mock.calls[0]?.[1]);
    expect(first.headers.Authorization).toBe('Bearer access-1');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/6-digit code/), '12345');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step verification' }));
    expect(screen.getByText('Enter all 6 digits of the code')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/6-digit code/), '6');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step verification' }));
    expect(await screen.findByText('The code is incorrect. Check the time on your phone.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Turn on two-step verification' }));
    expect(await screen.findByText('Start the set-up again')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start again' }));
    await screen.findByRole('link', { name: 'Add to my authenticator app' });
    await user.type(screen.getByLabelText(/6-digit code/), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step verification' }));
    await waitFor(() => expect(onEnabled).toHaveBeenCalledWith('enabled'));
    const lastCall = fetchMock.mock.calls.at(-1);
    expect(requestOf(lastCall?.[0], lastCall?.[1])).toMatchObject({
      url: `/customer/two-step-verification/${reqIds[1] ?? ''}/confirm`,
      body: { code: '654321' },
    });
  });

  it('groups the key in fours for typing', () => {
    expect(groupedSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });
});

describe('AppDownload', () => {
  it('links the stores and texts the links to a phone, showing a wrong number inline', async () => {
    startSession({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 300 });
    const fetchMock = vi
      .fn((_input: unknown, _init?: unknown) => respond(200, { responseCode: '00' }))
      .mockImplementationOnce(() =>
        respond(400, {
          responseCode: 'VF',
          validationErrors: [{ field: 'phoneNumber', message: 'Enter a valid phone number with its country code.' }],
        }),
      );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<AppDownload credential={{ kind: 'session' }} />);
    expect(screen.getByRole('link', { name: 'Download on the App Store' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/apps\.apple\.com\//) as string,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Text me the links' }));
    expect(screen.getByText('Enter your phone number')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Phone number/), '12');
    await user.click(screen.getByRole('button', { name: 'Text me the links' }));
    expect(await screen.findByText('Enter a valid phone number with its country code.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Phone number/));
    await user.type(screen.getByLabelText(/Phone number/), '+44 7700 900123');
    await user.click(screen.getByRole('button', { name: 'Text me the links' }));
    expect(await screen.findByText('We sent the links to +44 7700 900123.')).toBeInTheDocument();
    expect(requestOf(fetchMock.mock.calls[1]?.[0], fetchMock.mock.calls[1]?.[1])).toMatchObject({
      url: '/auth/stores-urls/send',
      body: { phoneNumber: '+44 7700 900123' },
    });
  });
});
