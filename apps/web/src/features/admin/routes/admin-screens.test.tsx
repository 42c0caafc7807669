import type { CustomerInfo } from '@app/shared/api/customers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getFromCustomerId, setFromCustomerId } from '../../../lib/session';
import { stubMainApi } from '../../../testing/main-api-stub';
import { renderScreen } from '../../../testing/render-screen';
import { ActingBanner } from '../components/acting-banner';
import AdminAuditRoute from './admin-audit';
import AdminNewsRoute from './admin-news';

const actingAdmin: CustomerInfo = {
  userId: 9,
  login: 'admin@demo.test',
  firstName: 'Alex',
  lastName: 'Morgan',
  isAdmin: true,
  customerId: 1001,
  customerType: 'personal',
  isHaveRelatedAccounts: false,
  transactionApproveMode: 0,
  login2faMode: 'no',
  useOldWeb: false,
};

describe('acting banner', () => {
  it('shows whom the administrator acts for, and stopping records it and forgets the customer', async () => {
    setFromCustomerId(1001);
    const api = stubMainApi({ adminActingStop: () => ({}) });
    const { router } = renderScreen(<ActingBanner customer={actingAdmin} />, { path: '/home' });
    const banner = await screen.findByRole('region', { name: 'Acting for a customer' });
    expect(banner).toHaveTextContent('Acting for Alex Morgan (ID 1001)');
    await userEvent.click(within(banner).getByRole('button', { name: 'Stop acting' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin-customer/1001'));
    expect(api.callsOf('adminActingStop')).toEqual([expect.objectContaining({ customerId: 1001 })]);
    expect(getFromCustomerId()).toBeUndefined();
  });

  it('is not shown to a customer, nor to an administrator acting for nobody', () => {
    setFromCustomerId(1001);
    stubMainApi({});
    const { unmount } = renderScreen(<ActingBanner customer={{ ...actingAdmin, isAdmin: false }} />);
    expect(screen.queryByRole('region', { name: 'Acting for a customer' })).not.toBeInTheDocument();
    unmount();
    setFromCustomerId(undefined);
    renderScreen(<ActingBanner customer={actingAdmin} />);
    expect(screen.queryByRole('region', { name: 'Acting for a customer' })).not.toBeInTheDocument();
  });
});

describe('publish news', () => {
  it('lists every problem and sends nothing when the form is incomplete', async () => {
    const api = stubMainApi({ adminNewsList: () => ({ news: [] }) });
    renderScreen(<AdminNewsRoute />);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'English' }));
    for (const language of ['Español', 'Română', 'Русский', 'Українська', 'Português']) {
      await userEvent.click(screen.getByRole('checkbox', { name: language }));
    }
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Enter a title');
    expect(summary).toHaveTextContent('Enter the text');
    expect(summary).toHaveTextContent('Choose at least one language');
    expect(api.callsOf('adminNewsPublish')).toHaveLength(0);
  });

  it('publishes the title, text, languages and acceptance flag', async () => {
    const api = stubMainApi({
      adminNewsList: () => ({ news: [] }),
      adminNewsPublish: () => ({ id: 12 }),
    });
    renderScreen(<AdminNewsRoute />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Title' }), 'New fees');
    await userEvent.type(screen.getByRole('textbox', { name: /Text/ }), 'They change in May.');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Русский' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Customers must accept or decline it/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('status')).toHaveTextContent('“New fees” was published.');
    expect(api.callsOf('adminNewsPublish')).toEqual([
      expect.objectContaining({
        title: 'New fees',
        body: 'They change in May.',
        languages: ['en', 'es', 'ro', 'ua', 'pt'],
        withConfirmation: true,
      }),
    ]);
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('');
  });
});

describe('audit log', () => {
  it('applies filters from the form and keeps them in the URL', async () => {
    const api = stubMainApi({
      adminAuditLog: () => ({
        entries: [
          {
            id: 1,
            actorUserId: 9,
            actorLogin: 'admin@demo.test',
            customerId: 1001,
            action: 'admin.actedForCustomer',
            details: { method: 'balanceInquiry', outcome: 'success' },
            createdAt: '2026-05-02T10:00:00.000Z',
          },
        ],
        total: 1,
      }),
    });
    const { router } = renderScreen(<AdminAuditRoute />, { path: '/admin-audit' });
    expect(await screen.findByText('admin.actedForCustomer')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Customer ID' }), '1001');
    await userEvent.type(screen.getByRole('textbox', { name: /Action/ }), 'admin.');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?customerId=1001&action=admin.'));
    await waitFor(() =>
      expect(api.callsOf('adminAuditLog').at(-1)).toMatchObject({ customerId: 1001, action: 'admin.', pageNumber: 1 }),
    );
    expect(screen.getByRole('link', { name: '1001' })).toHaveAttribute('href', '/admin-customer/1001');
  });

  it('refuses a customer id that is not a number', async () => {
    const api = stubMainApi({ adminAuditLog: () => ({ entries: [], total: 0 }) });
    renderScreen(<AdminAuditRoute />, { path: '/admin-audit' });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Customer ID' }), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('Enter a customer ID made of digits only')).toBeInTheDocument();
    expect(api.callsOf('adminAuditLog').every((call) => call.customerId === undefined)).toBe(true);
  });
});
