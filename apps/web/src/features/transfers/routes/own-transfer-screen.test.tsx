import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type MethodHandler, stubMainApi } from '../../../testing/main-api-stub';
import { renderScreen } from '../../../testing/render-screen';
import { accountLabel, eurAccount, transferResult, usdAccount } from '../testing/transfer-fixtures';
import { OwnTransferScreen } from './own-transfer-screen';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function stubQuotes(extra: Record<string, MethodHandler> = {}) {
  return stubMainApi({
    transferExchangeRate: (body) => ({
      fromCurrencyCode: body.fromCurrencyCode,
      toCurrencyCode: body.toCurrencyCode,
      exchangeRate: body.fromCurrencyCode === 'USD' ? '0.9234' : '1.0829',
    }),
    transferBetweenAccountsFee: () => ({ fee: '0.50', feeCurrencyCode: 'USD' }),
    transferBetweenAccountsMaxAmount: () => ({
      amount: '1199.50',
      minAmount: '0.01',
      type: 'balance',
      currencyCode: 'USD',
    }),
    transferBetweenAccountsLimits: () => ({
      limits: {
        currencyCode: 'USD',
        minAmount: '0.01',
        perTransferLimit: '10000.00',
        dailyLimit: '25000.00',
        dailyUsed: '0.00',
        dailyRemaining: '25000.00',
      },
    }),
    ...extra,
  });
}

function renderOwnTransfer(onMoneyMoved = vi.fn()) {
  renderScreen(
    <OwnTransferScreen accounts={[usdAccount, eurAccount]} accountLabel={accountLabel} onMoneyMoved={onMoneyMoved} />,
    { path: '/transfer/account?from=1' },
  );
  return onMoneyMoved;
}

async function fillAndReview(user: ReturnType<typeof userEvent.setup>, amount: string) {
  const field = await screen.findByLabelText(/^Amount \(USD\)/);
  await user.clear(field);
  await user.type(field, amount);
  await screen.findByText('$0.50');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return screen.findByRole('heading', { name: 'Check the transfer' });
}

// Screens typed into key by key: generous on a shared, busy machine.
describe('OwnTransferScreen', { timeout: 20_000 }, () => {
  it('validates before anything is sent: a missing amount, then one above what can be sent now', async () => {
    const api = stubQuotes();
    const user = userEvent.setup();
    renderOwnTransfer();
    expect(screen.getByLabelText('From')).toHaveValue('1');
    expect(screen.getByLabelText('To')).toHaveValue('2');
    expect(await screen.findByText(/You can send up to \$1,199\.50 now/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('There is a problem')).toBeInTheDocument();
    expect(screen.getAllByText('Enter an amount')).toHaveLength(2);

    await user.type(screen.getByLabelText(/^Amount \(USD\)/), '2 000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findAllByText('You can send up to $1,199.50 now')).not.toHaveLength(0);
    expect(screen.getByLabelText(/^Amount \(USD\)/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsOf('transferBetweenAccounts')).toHaveLength(0);
  });

  it('shows everything before money moves, then sends once with an idempotency key', async () => {
    const api = stubQuotes({ transferBetweenAccounts: () => transferResult() });
    const user = userEvent.setup();
    const onMoneyMoved = renderOwnTransfer();

    const heading = await fillAndReview(user, '100');
    const review = heading.closest('div');
    if (!review) throw new Error('no review');
    const row = (label: string) => within(review).getByText(label).nextElementSibling;
    expect(row('From')).toHaveTextContent('Payment account · USD');
    expect(row('To')).toHaveTextContent('Payment account · EUR');
    expect(row('You send')).toHaveTextContent('$100.00');
    expect(row('Fee')).toHaveTextContent('$0.50');
    expect(row('Total taken from your account')).toHaveTextContent('$100.50');
    expect(row('Exchange rate')).toHaveTextContent('1 USD = 0.9234 EUR');
    expect(row('You receive')).toHaveTextContent('≈ €92.34');
    expect(row('Arrives')).toHaveTextContent('Straight away');

    await user.click(screen.getByRole('button', { name: 'Confirm and send' }));
    expect(await screen.findByRole('dialog', { name: 'Money sent' })).toBeInTheDocument();
    const [sent] = api.callsOf('transferBetweenAccounts');
    expect(sent).toMatchObject({ fromAccount: 1, toAccount: 2, toAmount: '100.00', currency: 'USD' });
    expect(sent?.idempotencyKey).toMatch(UUID);
    expect(sent).not.toHaveProperty('subscriptionFrequency');
    expect(onMoneyMoved).toHaveBeenCalled();
  });

  it('retries a transfer whose answer was lost with the same key, and a changed one with a new key', async () => {
    let attempts = 0;
    const api = stubQuotes({
      transferBetweenAccounts: () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        return transferResult();
      },
    });
    const user = userEvent.setup();
    renderOwnTransfer();
    await fillAndReview(user, '100');
    await user.click(screen.getByRole('button', { name: 'Confirm and send' }));
    expect(await screen.findByText(/Trying again is safe/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('dialog', { name: 'Money sent' })).toBeInTheDocument();
    const [first, second] = api.callsOf('transferBetweenAccounts');
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);

    // The popup's footer button (the header's close icon has the same name).
    const footerClose = screen.getAllByRole('button', { name: 'Close' }).at(-1);
    if (!footerClose) throw new Error('no close button');
    await user.click(footerClose);
    await fillAndReview(user, '25');
    await user.click(screen.getByRole('button', { name: 'Confirm and send' }));
    await screen.findByRole('dialog', { name: 'Money sent' });
    const third = api.callsOf('transferBetweenAccounts')[2];
    expect(third).toMatchObject({ toAmount: '25.00' });
    expect(third?.idempotencyKey).not.toBe(first?.idempotencyKey);
  });

  it("brings the server's field errors back to the form, values kept", async () => {
    stubQuotes({
      transferBetweenAccounts: () => ({
        status: 400,
        body: {
          responseCode: 'VF',
          validationErrors: [{ field: 'toAmount', message: 'There is not enough money in the account.' }],
        },
      }),
    });
    const user = userEvent.setup();
    renderOwnTransfer();
    await fillAndReview(user, '100');
    await user.click(screen.getByRole('button', { name: 'Confirm and send' }));
    expect(await screen.findAllByText('There is not enough money in the account.')).toHaveLength(2);
    expect(screen.getByLabelText(/^Amount \(USD\)/)).toHaveValue('100');
  });

  it('sends the schedule of a recurring transfer', async () => {
    const api = stubQuotes({ transferBetweenAccounts: () => transferResult({ subscriptionId: 9 }) });
    const user = userEvent.setup();
    renderOwnTransfer();
    await user.click(await screen.findByLabelText(/Repeat this transfer/));
    await user.selectOptions(screen.getByLabelText('How often'), 'weekly');
    await user.click(screen.getByLabelText('A number of payments'));
    await user.type(screen.getByLabelText(/^Number of payments/), '1');
    await user.type(screen.getByLabelText(/^Amount \(USD\)/), '10');
    await screen.findByText('$0.50');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findAllByText('Enter a whole number from 2 to 520')).toHaveLength(2);

    await user.type(screen.getByLabelText(/^Number of payments/), '2');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Every week, 12 payments in all')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm and send' }));
    await screen.findByRole('link', { name: 'See your pre-approved payments' });
    await waitFor(() =>
      expect(api.callsOf('transferBetweenAccounts')[0]).toMatchObject({
        subscriptionFrequency: 'weekly',
        subscriptionTransactions: 12,
      }),
    );
  });
});
