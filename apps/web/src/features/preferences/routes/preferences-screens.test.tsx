import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubMainApi } from '../../../testing/main-api-stub';
import { renderScreen } from '../../../testing/render-screen';
import { LegalScreen } from './legal-screen';
import { NotificationSettingsScreen } from './notification-settings-screen';

const settings = [
  { identified: 'transferReceivedEmail', value: true, group: 'transfers', isLocked: false },
  { identified: 'securityChangeEmail', value: true, group: 'security', isLocked: true },
];

describe('NotificationSettingsScreen', { timeout: 20_000 }, () => {
  it('groups the settings, locks the security ones, and saves a switch at once', async () => {
    const api = stubMainApi({
      notificationSettingsGet: () => ({ settings }),
      notificationSettingsSet: () => ({ settings: [{ ...settings[0], value: false }, settings[1]] }),
    });
    renderScreen(<NotificationSettingsScreen />);
    expect(await screen.findByRole('heading', { name: 'Transfers' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Security' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /^Changes to my security settings/ })).toBeDisabled();
    const received = screen.getByRole('switch', { name: /^E-mail me when I receive money/ });
    await userEvent.click(received);
    await waitFor(() =>
      expect(api.callsOf('notificationSettingsSet')).toEqual([
        expect.objectContaining({ settings: [{ identified: 'transferReceivedEmail', value: false }] }),
      ]),
    );
    await waitFor(() => expect(received).not.toBeChecked());
  });
});

describe('LegalScreen', { timeout: 20_000 }, () => {
  it('shows the provider and the accepted agreements with a download each', async () => {
    stubMainApi({
      legalInfoGet: () => ({
        brandName: 'Harbor',
        issuerName: 'Harbor Payments Ltd',
        address: ['1 Quay Street', 'Portsmouth PO1 3AA'],
        regulatorFooter: 'Regulated for demonstration.',
        supportEmail: 'support@harbor.example',
        supportPhone: '+44 20 7946 0001',
        items: [
          {
            id: 3,
            title: 'Personal terms',
            version: 2,
            url: '/legal/personal-terms/v2',
            acceptedAt: '2026-04-01T09:00:00.000Z',
          },
        ],
      }),
    });
    renderScreen(<LegalScreen />);
    expect(await screen.findByText('Harbor Payments Ltd')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@harbor.example' })).toHaveAttribute(
      'href',
      'mailto:support@harbor.example',
    );
    expect(screen.getByRole('button', { name: 'Download Personal terms, version 2, as PDF' })).toBeInTheDocument();
  });
});
