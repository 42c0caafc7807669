import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createMobileBridge } from '../../../lib/mobile-bridge';
import { requestOf, respond } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import type { PushDecision, PushWaitOptions } from '../api/push-approval';
import { type PushFlow, PushStep } from './push-step';

const codeVerifier = 'v'.repeat(43);
const flow: PushFlow = {
  type: 'push',
  tmpToken: 'tmp-push-1',
  devices: [
    { id: 1, name: 'Companion phone', type: 'android' },
    { id: 2, name: 'Work iPhone', type: 'ios' },
  ],
  deeplink: 'harbor://auth/login/0b7c5a2e-1111-4c1e-9d7b-2a1c3e4f5a6b',
  expiresInSeconds: 120,
};

/** The live channel as a test controls it: the answer arrives when the test says so. */
function fakeChannel() {
  let options: PushWaitOptions | undefined;
  const close = vi.fn();
  const waitForDecision = vi.fn((given: PushWaitOptions) => {
    options = given;
    return { close };
  });
  return {
    waitForDecision,
    close,
    decide: (decision: PushDecision) => act(() => options?.onDecision(decision)),
    connection: (isConnected: boolean) => act(() => options?.onConnectionChange?.(isConnected)),
  };
}

function renderPush(options: { bridge?: ReturnType<typeof createMobileBridge>; expiresInSeconds?: number } = {}) {
  const channel = fakeChannel();
  const onOutcome = vi.fn(() => Promise.resolve());
  const onRestart = vi.fn();
  const { unmount } = renderWithProviders(
    <PushStep
      flow={{ ...flow, expiresInSeconds: options.expiresInSeconds ?? flow.expiresInSeconds }}
      codeVerifier={codeVerifier}
      login="push@demo.test"
      onOutcome={onOutcome}
      onRestart={onRestart}
      bridge={options.bridge ?? createMobileBridge()}
      waitForDecision={channel.waitForDecision}
    />,
  );
  return { channel, onOutcome, onRestart, unmount };
}

describe('PushStep', () => {
  it('lists the devices asked, shows the deep link as a QR code, and signs in once approved', async () => {
    const fetchMock = vi.fn((_input: unknown, _init?: unknown) =>
      respond(200, { responseCode: '00', accessToken: 'a', refreshToken: 'r', expiresIn: 300 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { channel, onOutcome } = renderPush();
    expect(screen.getByRole('heading', { name: 'Approve the sign-in on your phone' })).toBeInTheDocument();
    expect(screen.getByText('Companion phone (Android device)')).toBeInTheDocument();
    expect(screen.getByText('Work iPhone (iOS device)')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /opens this sign-in request in the Harbor app/ })).toBeInTheDocument();
    expect(screen.getByText('Waiting for your answer…')).toBeInTheDocument();
    expect(screen.getByText('The request expires in 2:00.')).toBeInTheDocument();
    expect(channel.waitForDecision).toHaveBeenCalledWith(expect.objectContaining({ tmpToken: 'tmp-push-1' }));

    channel.connection(false);
    expect(screen.getByText('Connection lost. Reconnecting…')).toBeInTheDocument();
    channel.decide({ status: 'approved', code: 'push-code-1' });
    expect(await screen.findByText('Approved. Signing you in…')).toBeInTheDocument();
    await waitFor(() => expect(onOutcome).toHaveBeenCalledWith({ kind: 'signedIn' }));
    const { url, body } = requestOf(fetchMock.mock.calls[0]?.[0], fetchMock.mock.calls[0]?.[1]);
    expect(url).toBe('/auth/token');
    expect(body).toEqual({ code: 'push-code-1', codeVerifier });
  });

  it('says clearly when the phone declined, and offers to sign in again', async () => {
    const { channel, onRestart } = renderPush();
    channel.decide({ status: 'declined' });
    expect(await screen.findByText('Sign-in declined')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(onRestart).toHaveBeenCalledTimes(1);
  });

  it('says clearly when nobody answered in time, as the server tells', async () => {
    const { channel } = renderPush();
    channel.decide({ status: 'expired' });
    expect(await screen.findByText('The request timed out')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Send the request again/ })).not.toBeInTheDocument();
  });

  it('says so too when its own clock ran out first', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPush({ expiresInSeconds: 2 });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await screen.findByText('The request timed out')).toBeInTheDocument();
  });

  it('re-sends the push after the cooldown, counts down what is left, and shows a refusal', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = vi
      .fn((_input: unknown, _init?: unknown) =>
        respond(429, { responseCode: 'RL', responseDescription: 'Too many attempts. Please wait and try again.' }),
      )
      .mockImplementationOnce(() => respond(200, { responseCode: '00', resendsLeft: 2, expiresInSeconds: 120 }));
    vi.stubGlobal('fetch', fetchMock);
    renderPush();
    expect(screen.getByRole('button', { name: 'Send the request again in 0:30' })).toBeDisabled();
    await vi.advanceTimersByTimeAsync(30_000);
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await user.click(await screen.findByRole('button', { name: 'Send the request again' }));
    expect(await screen.findByText(/Request sent again\. You can send it 2 more times\./)).toBeInTheDocument();
    expect(requestOf(fetchMock.mock.calls[0]?.[0], fetchMock.mock.calls[0]?.[1])).toMatchObject({
      url: '/auth/push/re-send',
      body: { tmpToken: 'tmp-push-1' },
    });
    await vi.advanceTimersByTimeAsync(30_000);
    await user.click(await screen.findByRole('button', { name: 'Send the request again' }));
    expect(await screen.findByText('Too many attempts. Please wait and try again.')).toBeInTheDocument();
  });

  it('inside the mobile app shows no QR code: the app opens the request itself', async () => {
    const postMessage = vi.fn<(message: string) => void>();
    window.ReactNativeWebView = { postMessage };
    const bridge = createMobileBridge();
    delete window.ReactNativeWebView;
    renderPush({ bridge });
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open the request' }));
    expect(JSON.parse(postMessage.mock.calls[0]?.[0] ?? '{}')).toEqual({
      source: 'web',
      type: 'openDeepLink',
      url: flow.deeplink,
    });
  });

  it('closes the channel when the screen goes', () => {
    const { channel, unmount } = renderPush();
    const closedByStrictModeRerun = channel.close.mock.calls.length;
    unmount();
    expect(channel.close).toHaveBeenCalledTimes(closedByStrictModeRerun + 1);
  });
});
