import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubMainApi } from '../../../testing/main-api-stub';
import { renderScreen } from '../../../testing/render-screen';
import { IpAllowListSection } from './ip-allow-list-section';

const listed = { id: 7, ip: '203.0.113.5', created: '2026-05-01T10:00:00.000Z' };

function allowList(overrides: Record<string, unknown> = {}) {
  return { accessIpMode: 0, currentIp: '198.51.100.9', isCurrentIpAllowed: false, list: [listed], ...overrides };
}

describe('IpAllowListSection', { timeout: 20_000 }, () => {
  it('shows the current address and the entries', async () => {
    stubMainApi({ ipAllowListGet: () => allowList() });
    renderScreen(<IpAllowListSection />);
    expect(await screen.findByText('Your current IP address: 198.51.100.9')).toBeInTheDocument();
    expect(screen.getByText('Not in the list')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Allowed IP addresses' });
    expect(within(list).getByText('203.0.113.5')).toBeInTheDocument();
  });

  it('warns before turning on a list without the current address, and sends nothing when cancelled', async () => {
    const api = stubMainApi({ ipAllowListGet: () => allowList(), ipAllowListModeSet: () => ({ accessIpMode: 1 }) });
    renderScreen(<IpAllowListSection />);
    await userEvent.click(await screen.findByRole('switch', { name: /^Allow access only from these addresses/ }));
    const dialog = await screen.findByRole('dialog', { name: 'You may lose access from here' });
    expect(dialog).toHaveTextContent('Your current address 198.51.100.9 is not in the list');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsOf('ipAllowListModeSet')).toEqual([]);

    await userEvent.click(screen.getByRole('switch', { name: /^Allow access only from these addresses/ }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'You may lose access from here' })).getByRole('button', {
        name: 'Continue anyway',
      }),
    );
    await waitFor(() =>
      expect(api.callsOf('ipAllowListModeSet')).toEqual([expect.objectContaining({ enable: true, confirmed: true })]),
    );
  });

  it('warns about an empty list too', async () => {
    stubMainApi({ ipAllowListGet: () => allowList({ list: [] }) });
    renderScreen(<IpAllowListSection />);
    await userEvent.click(await screen.findByRole('switch', { name: /^Allow access only from these addresses/ }));
    expect(await screen.findByRole('dialog', { name: 'You may lose access from here' })).toHaveTextContent(
      'The list is empty',
    );
  });

  it('turns on without a warning when the current address is listed', async () => {
    const api = stubMainApi({
      ipAllowListGet: () => allowList({ isCurrentIpAllowed: true }),
      ipAllowListModeSet: () => ({ accessIpMode: 1 }),
    });
    renderScreen(<IpAllowListSection />);
    await userEvent.click(await screen.findByRole('switch', { name: /^Allow access only from these addresses/ }));
    await waitFor(() =>
      expect(api.callsOf('ipAllowListModeSet')).toEqual([expect.objectContaining({ enable: true, confirmed: false })]),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks for confirmation when the server says a deletion would lock this address out', async () => {
    const api = stubMainApi({
      ipAllowListGet: () => allowList({ accessIpMode: 1, isCurrentIpAllowed: true }),
      ipAllowListDelete: (body) =>
        body.confirmed === true
          ? {}
          : {
              status: 400,
              body: {
                responseCode: 'VF',
                validationErrors: [{ field: 'confirmed', message: 'This change would block the IP address.' }],
              },
            },
    });
    renderScreen(<IpAllowListSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete 203.0.113.5' }));
    const dialog = await screen.findByRole('dialog', { name: 'You may lose access from here' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue anyway' }));
    await waitFor(() =>
      expect(api.callsOf('ipAllowListDelete')).toEqual([
        expect.objectContaining({ id: 7, confirmed: false }),
        expect.objectContaining({ id: 7, confirmed: true }),
      ]),
    );
  });

  it('adds an address, showing the server’s field error next to the field', async () => {
    const api = stubMainApi({
      ipAllowListGet: () => allowList(),
      ipAllowListAdd: (body) =>
        body.ip === '1.2.3'
          ? {
              status: 400,
              body: { responseCode: 'VF', validationErrors: [{ field: 'ip', message: 'Enter an IPv4 address.' }] },
            }
          : { entry: { id: 8, ip: String(body.ip), created: '2026-05-02T10:00:00.000Z' } },
    });
    renderScreen(<IpAllowListSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add IP address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add IP address' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^IP address/ }), '1.2.3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await within(dialog).findByText('Enter an IPv4 address such as 203.0.113.5, or an IPv6 address.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use my address (198.51.100.9)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.callsOf('ipAllowListAdd').at(-1)).toMatchObject({ ip: '198.51.100.9' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('takes a network in CIDR form, refusing a prefix length beyond the address and an end beside it', async () => {
    const api = stubMainApi({
      ipAllowListGet: () => allowList(),
      ipAllowListAdd: () => ({
        entry: { id: 9, ip: '203.0.113.0', toIp: '203.0.113.255', created: '2026-05-02T10:00:00.000Z' },
      }),
    });
    renderScreen(<IpAllowListSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add IP address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add IP address' });
    const ipField = within(dialog).getByRole('textbox', { name: /^IP address or network/ });
    expect(ipField).toHaveAccessibleDescription(/203\.0\.113\.0\/24 or 2001:db8::\/48/);
    await userEvent.type(ipField, '203.0.113.0/33');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await within(dialog).findByText('After the slash, enter the prefix length: 0 to 32 for IPv4, 0 to 128 for IPv6.'),
    ).toBeInTheDocument();
    await userEvent.clear(ipField);
    await userEvent.type(ipField, '203.0.113.0/24');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Last address/ }), '203.0.113.9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await within(dialog).findByText(
        'A network such as 203.0.113.0/24 is already a range: leave the last address empty.',
      ),
    ).toBeInTheDocument();
    expect(api.callsOf('ipAllowListAdd')).toEqual([]);
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /^Last address/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(api.callsOf('ipAllowListAdd')).toEqual([expect.objectContaining({ ip: '203.0.113.0/24' })]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
