import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MethodHandler, stubMainApi } from '../../../testing/main-api-stub';
import { renderScreen } from '../../../testing/render-screen';
import { accountLabel, eurAccount, transferResult, usdAccount } from '../testing/transfer-fixtures';
import { P2PTransferScreen } from './p2p-transfer-screen';

const KNOWN = 'business@demo.test';

function stubP2P(extra: Record<string, MethodHandler> = {}) {
  return stubMainApi({
    transferP2PRecentList: () => ({
      transfers: [
        {
          transactionId: 40,
          type: 'p2p',
          permission: '3d',
          isDisabled: false,
          status: 'completed',
          date: '2026-03-01T10:00:00.000Z',
          fromAccount: 1,
          toEmail: KNOWN,
          amount: '10.00',
          currencyCode: 'USD',
        },
        {
          transactionId: 41,
          type: 'p2p',
          permission: '3d',
          isDisabled: true,
          status: 'completed',
          date: '2026-02-01T10:00:00.000Z',
          fromAccount: 1,
          toEmail: 'gone@demo.test',
          amount: '10.00',
          currencyCode: 'USD',
        },
      ],
    }),
    transferTemplateList: () => ({ templates: [] }),
    checkPayee: (body) => ({ exist: body.email === KNOWN, outBlacklist: false }),
    transferExchangeRate: (body) => ({
      fromCurrencyCode: body.fromCurrencyCode,
      toCurrencyCode: body.toCurrencyCode,
      exchangeRate: '1',
    }),
    transferP2PFee: () => ({ fee: '0.25', feeCurrencyCode: 'USD' }),
    transferP2PMaxAmount: () => ({ amount: '1199.75', minAmount: '0.01', type: 'balance', currencyCode: 'USD' }),
    transferP2PLimits: () => ({
      limits: {
        currencyCode: 'USD',
        minAmount: '0.01',
        perTransferLimit: '5000.00',
        dailyLimit: '10000.00',
        dailyUsed: '0.00',
        dailyRemaining: '10000.00',
      },
    }),
    ...extra,
  });
}

function renderP2P() {
  renderScreen(<P2PTransferScreen accounts={[usdAccount, eurAccount]} accountLabel={accountLabel} />, {
    path: '/transfer/p2p',
  });
}

// Screens typed into key by key: generous on a shared, busy machine.
describe('P2PTransferScreen', { timeout: 20_000 }, () => {
  it('sends no malformed e-mail to the server and refuses a payee who is not a customer', async () => {
    const api = stubP2P();
    const user = userEvent.setup();
    renderP2P();
    const email = await screen.findByLabelText(/Recipient's e-mail address/);
    await user.type(email, 'nobody@');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findAllByText('Enter an e-mail address in the correct format, like name@example.com'),
    ).toHaveLength(2);
    expect(api.callsOf('checkPayee')).toHaveLength(0);

    await user.type(email, 'demo.test');
    expect(
      await screen.findAllByText(
        'No customer uses this e-mail address. Check it with the recipient.',
        {},
        { timeout: 2_000 },
      ),
    ).not.toHaveLength(0);
    expect(api.callsOf('checkPayee')).toEqual([expect.objectContaining({ email: 'nobody@demo.test' })]);
  });

  it('asks for the fee only for an amount above zero', async () => {
    const api = stubP2P();
    const user = userEvent.setup();
    renderP2P();
    const amount = await screen.findByLabelText(/^Amount they get/);
    await user.type(amount, '0');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(api.callsOf('transferP2PFee')).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '12,5');
    await waitFor(() =>
      expect(api.callsOf('transferP2PFee')).toEqual([
        expect.objectContaining({ amount: '12.50', currency: 'USD', accountId: 1 }),
      ]),
    );
  });

  it('picks a recent payee, shows the review with note and reference, and sends it all', async () => {
    const api = stubP2P({
      transferP2P: () => transferResult({ toCurrencyCode: 'USD', toAmount: '25.00', exchangeRate: '1' }),
    });
    const user = userEvent.setup();
    renderP2P();
    expect(await screen.findByRole('button', { name: KNOWN })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'gone@demo.test' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: KNOWN }));
    expect(screen.getByLabelText(/Recipient's e-mail address/)).toHaveValue(KNOWN);
    expect(await screen.findByText('This customer can receive money.', {}, { timeout: 2_000 })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Amount they get/), '25');
    await user.type(screen.getByLabelText(/^Note for the recipient/), 'Lunch');
    await user.type(screen.getByLabelText(/^Reference \(optional\)/), 'INV-7');
    await screen.findByText('$0.25');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const heading = await screen.findByRole('heading', { name: 'Check the transfer' });
    const review = heading.closest('div');
    if (!review) throw new Error('no review');
    const row = (label: string) => within(review).getByText(label).nextElementSibling;
    expect(row("Recipient's e-mail address")).toHaveTextContent(KNOWN);
    expect(row('Recipient gets')).toHaveTextContent('$25.00');
    expect(row('Fee')).toHaveTextContent('$0.25');
    expect(row('Total taken from your account')).toHaveTextContent('$25.25');
    expect(row('Note for the recipient (optional)')).toHaveTextContent('Lunch');
    expect(row('Reference (optional)')).toHaveTextContent('INV-7');

    await user.click(screen.getByRole('button', { name: 'Confirm and send' }));
    expect(await screen.findByRole('dialog', { name: 'Money sent' })).toBeInTheDocument();
    expect(api.callsOf('transferP2P')[0]).toMatchObject({
      accountId: 1,
      amount: '25.00',
      currency: 'USD',
      toEmail: KNOWN,
      note: 'Lunch',
      reference: 'INV-7',
    });
    expect(api.callsOf('transferP2P')[0]).not.toHaveProperty('templateName');
  });
});
