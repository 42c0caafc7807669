import type { PreapprovedPayment } from '@app/shared/api/transfers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubMainApi } from '../../../testing/main-api-stub';
import { renderScreen } from '../../../testing/render-screen';
import { accountLabel, eurAccount, usdAccount } from '../testing/transfer-fixtures';
import { PreapprovedPaymentsScreen, toPreapprovedParams } from './preapproved-payments-screen';

function payment(overrides: Partial<PreapprovedPayment> = {}): PreapprovedPayment {
  return {
    id: 9,
    type: 'p2p',
    status: 'active',
    fromAccount: 1,
    toEmail: 'business@demo.test',
    amount: '25.00',
    currencyCode: 'USD',
    frequency: 'monthly',
    nextRunAt: '2026-04-03T09:00:00.000Z',
    transactionsDone: 1,
    reference: 'Rent',
    createdAt: '2026-03-03T09:00:00.000Z',
    ...overrides,
  };
}

function renderList(path = '/transfer/preapproved-payments') {
  return renderScreen(<PreapprovedPaymentsScreen accounts={[usdAccount, eurAccount]} accountLabel={accountLabel} />, {
    path,
  });
}

describe('toPreapprovedParams', () => {
  it('drops empty filter fields and forgives decimal commas', () => {
    expect(toPreapprovedParams({ email: '  ', type: '', fromAmount: '', toAmount: '' }, 1)).toEqual({ pageNumber: 1 });
    expect(toPreapprovedParams({ email: ' bus ', type: 'p2p', fromAmount: '10,5', toAmount: '' }, 2)).toEqual({
      email: 'bus',
      type: 'p2p',
      fromAmount: '10.5',
      pageNumber: 2,
    });
  });
});

describe('PreapprovedPaymentsScreen', { timeout: 20_000 }, () => {
  it('lists recurring transfers and sends only the filters that are set', async () => {
    const api = stubMainApi({
      preapprovedPaymentsList: () => ({
        subscriptions: [
          payment(),
          payment({ id: 10, type: 'account', toEmail: undefined, toAccount: 2, status: 'cancelled' }),
        ],
        total: 2,
      }),
    });
    const user = userEvent.setup();
    renderList();
    const item = (await screen.findByText('business@demo.test')).closest('li');
    if (!item) throw new Error('no item');
    expect(within(item).getByText('Active')).toBeInTheDocument();
    expect(within(item).getByText('$25.00')).toBeInTheDocument();
    expect(within(item).getByText('Reference: Rent')).toBeInTheDocument();
    const own = screen.getByText('Payment account · EUR').closest('li');
    if (!own) throw new Error('no own-account item');
    expect(within(own).getByText('Cancelled')).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
    expect(api.callsOf('preapprovedPaymentsList')[0]).not.toHaveProperty('email');

    await user.type(screen.getByLabelText("Recipient's e-mail"), 'business');
    await user.selectOptions(screen.getByLabelText('Type'), 'p2p');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(api.callsOf('preapprovedPaymentsList').at(-1)).toEqual({
        method: 'preapprovedPaymentsList',
        lang: 'en',
        email: 'business',
        type: 'p2p',
        pageNumber: 1,
      }),
    );
  });

  it('asks before cancelling, and a refused cancel shows its description under "Action Confirmation"', async () => {
    stubMainApi({
      preapprovedPaymentsList: () => ({ subscriptions: [payment()], total: 1 }),
      preapprovedPaymentCancel: () => ({
        status: 409,
        body: { responseCode: 'CA', responseDescription: 'This payment has already finished.' },
      }),
    });
    const user = userEvent.setup();
    renderList();
    await user.click(
      await screen.findByRole('button', { name: 'Cancel the pre-approved payment to business@demo.test' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Cancel this pre-approved payment?' });
    expect(within(confirm).getByText(/No further payments of \$25\.00 to business@demo\.test/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Yes, cancel it' }));
    const failure = await screen.findByRole('dialog', { name: 'Action Confirmation' });
    expect(within(failure).getByText('This payment has already finished.')).toBeInTheDocument();
  });

  it('cancels a recurring transfer and refreshes the list', async () => {
    let isCancelled = false;
    const api = stubMainApi({
      preapprovedPaymentsList: () => ({
        subscriptions: [payment(isCancelled ? { status: 'cancelled' } : {})],
        total: 1,
      }),
      preapprovedPaymentCancel: () => {
        isCancelled = true;
        return { subscription: payment({ status: 'cancelled' }) };
      },
    });
    const user = userEvent.setup();
    renderList();
    await user.click(
      await screen.findByRole('button', { name: 'Cancel the pre-approved payment to business@demo.test' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Yes, cancel it' }));
    expect(
      await screen.findByText(
        'The pre-approved payment to business@demo.test is cancelled. No further payments will be made.',
      ),
    ).toBeInTheDocument();
    expect(api.callsOf('preapprovedPaymentCancel')).toEqual([expect.objectContaining({ id: 9 })]);
    await waitFor(() => expect(screen.getByText('Cancelled')).toBeInTheDocument());
  });
});
