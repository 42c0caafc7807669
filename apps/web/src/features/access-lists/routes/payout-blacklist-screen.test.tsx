import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubMainApi } from '../../../testing/main-api-stub';
import { renderScreen } from '../../../testing/render-screen';
import { PayoutBlacklistScreen } from './payout-blacklist-screen';

const entry = { email: 'blocked@example.com', blockType: 1, created: '2026-05-01T10:00:00.000Z' };

describe('PayoutBlacklistScreen', { timeout: 20_000 }, () => {
  it('lists, filters by e-mail and type, and clears the filters', async () => {
    const api = stubMainApi({ blacklistList: () => ({ list: [entry], total: 1 }) });
    renderScreen(<PayoutBlacklistScreen />);
    expect(await screen.findByText('blocked@example.com')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail contains' }), 'blocked');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Block type' }), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(api.callsOf('blacklistList').at(-1)).toMatchObject({ email: 'blocked', blockType: 1, pageNumber: 1 }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(api.callsOf('blacklistList').at(-1)).not.toHaveProperty('email'));
  });

  it('adds an e-mail and shows the spec’s success text', async () => {
    const api = stubMainApi({
      blacklistList: () => ({ list: [], total: 0 }),
      blacklistAdd: (body) => ({
        responseDescription: 'The user with the e-mail has been added to the black list.',
        entry: { ...entry, email: String(body.email) },
      }),
    });
    renderScreen(<PayoutBlacklistScreen />);
    expect(await screen.findByText('Your blacklist is empty.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add to blacklist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to blacklist' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Enter an e-mail address.')).toBeInTheDocument();
    expect(api.callsOf('blacklistAdd')).toEqual([]);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'new@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText('The user with the e-mail new@example.com has been added to the black list.'),
    ).toBeInTheDocument();
    expect(api.callsOf('blacklistAdd')).toEqual([expect.objectContaining({ email: 'new@example.com', blockType: 1 })]);
  });

  it('removes an entry', async () => {
    const api = stubMainApi({ blacklistList: () => ({ list: [entry], total: 1 }), blacklistDelete: () => ({}) });
    renderScreen(<PayoutBlacklistScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove blocked@example.com from the blacklist' }));
    await waitFor(() =>
      expect(api.callsOf('blacklistDelete')).toEqual([expect.objectContaining({ email: entry.email })]),
    );
  });
});
