import type { Device } from '@app/shared/api/devices';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubMainApi } from '../../../testing/main-api-stub';
import { renderScreen } from '../../../testing/render-screen';
import { DevicesSection } from './devices-section';

const DEEPLINK = 'https://bank.example/dev/device#link=AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';

function deviceNamed(id: number, name: string): Device {
  return {
    id,
    code: `C0DE0${id}`,
    type: 'android',
    name,
    status: 'active',
    createdAt: '2026-05-02T10:00:00.000Z',
    hasPushToken: false,
  };
}

describe('DevicesSection', { timeout: 20_000 }, () => {
  it('shows the deep link under the QR code, and closes once the phone linked itself', async () => {
    const devices = [deviceNamed(1, 'Old phone')];
    const api = stubMainApi({
      deviceLinkStart: () => ({ deeplink: DEEPLINK, expiresInSeconds: 300 }),
      // The devices service is REST, not a main-API method: the stub names it by its path.
      '/device-api/device': () => ({ devices }),
    });
    renderScreen(<DevicesSection />);
    expect(await screen.findByText(/^Old phone/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Link a new device' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link a new device' });
    expect(within(dialog).getByTitle('QR code to link a new device')).toBeInTheDocument();
    expect(within(dialog).getByTestId('device-link')).toHaveTextContent(DEEPLINK);
    expect(within(dialog).getByRole('button', { name: 'Copy the link' })).toBeInTheDocument();
    expect(api.callsOf('deviceLinkStart')).toHaveLength(1);

    // The phone opens the link; the next read of the list finds it.
    devices.push(deviceNamed(2, 'Scanned phone'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 8_000 });
    expect(screen.getByRole('status')).toHaveTextContent('“Scanned phone” is linked.');
    expect(screen.getByText(/^Scanned phone/)).toBeInTheDocument();
  });

  it('closes on Cancel without claiming a device was linked', async () => {
    stubMainApi({
      deviceLinkStart: () => ({ deeplink: DEEPLINK, expiresInSeconds: 300 }),
      '/device-api/device': () => ({ devices: [deviceNamed(1, 'Old phone')] }),
    });
    renderScreen(<DevicesSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Link a new device' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link a new device' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(/is linked/)).not.toBeInTheDocument();
  });
});
