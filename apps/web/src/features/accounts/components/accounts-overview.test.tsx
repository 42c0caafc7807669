import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubMainApi } from '../../../testing/main-api-stub';
import { renderScreen } from '../../../testing/render-screen';
import { accountFixture, instructionFixture } from '../testing/account-fixtures';
import { AccountsOverview } from './accounts-overview';

function renderOverview() {
  renderScreen(<AccountsOverview />);
}

// Screens typed into key by key: generous on a shared, busy machine.
describe('AccountsOverview', { timeout: 20_000 }, () => {
  it('shows the funding details with the reference and marks them viewed once', async () => {
    const api = stubMainApi({
      balanceInquiry: () => ({ accounts: { account: [accountFixture()] } }),
      paymentInstructionsList: () => ({ paymentInstructions: { paymentInstruction: [instructionFixture()] } }),
      paymentInstructionViewed: (body) => ({ instructionId: body.instructionId, isViewed: true }),
    });
    const user = userEvent.setup();
    renderOverview();
    const card = await screen.findByRole('article', { name: 'Payment account · USD' });
    await user.click(within(card).getByRole('button', { name: /Add money/ }));

    // The drawer's code loads when it first opens.
    const drawer = await screen.findByRole('dialog', { name: 'Add money by bank transfer' }, { timeout: 5_000 });
    expect(await within(drawer).findByTestId('funding-reference')).toHaveTextContent('K7MX2QPA58');
    expect(within(drawer).getByText('Sandbox')).toBeInTheDocument();
    expect(within(drawer).getByText('Routing number (ABA)').nextElementSibling).toHaveTextContent('026009593');
    await waitFor(() =>
      expect(api.callsOf('paymentInstructionViewed')).toEqual([expect.objectContaining({ instructionId: 7 })]),
    );
    // Development's strict mode may mount the drawer twice; every request is for the account opened.
    expect(api.callsOf('paymentInstructionsList').map((body) => body.accountId)).toContain(101);
    expect(api.callsOf('paymentInstructionsList').every((body) => body.accountId === 101)).toBe(true);
  });

  it('opens an account in a currency the customer does not hold yet', async () => {
    const api = stubMainApi({
      balanceInquiry: () => ({ accounts: { account: [accountFixture()] } }),
      accountAddCurrency: (body) => ({
        account: accountFixture({
          accountId: 102,
          currencyCode: String(body.currencyCode),
          balance: '0.00',
          availableBalance: '0.00',
        }),
        isCreated: true,
      }),
    });
    const user = userEvent.setup();
    renderOverview();
    await user.click(await screen.findByRole('button', { name: 'Add currency' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a currency' }, { timeout: 5_000 });
    expect(within(dialog).queryByRole('radio', { name: /US dollar/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Open account' }));
    expect(within(dialog).getByText('Choose a currency')).toBeInTheDocument();
    expect(api.callsOf('accountAddCurrency')).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: /Euro \(EUR, €\)/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Open account' }));
    expect(await screen.findByText('Your new account is ready: Payment account · EUR.')).toBeInTheDocument();
    expect(api.callsOf('accountAddCurrency')).toEqual([expect.objectContaining({ currencyCode: 'EUR' })]);
    await waitFor(() => expect(api.callsOf('balanceInquiry').length).toBeGreaterThanOrEqual(2));
  });

  it('says so and offers a retry when the accounts cannot be loaded', async () => {
    stubMainApi({ balanceInquiry: () => ({ status: 403, body: { responseCode: 'ENOA' } }) });
    renderOverview();
    expect(await screen.findByText("We couldn't load your accounts")).toBeInTheDocument();
    expect(screen.getByText("You don't have access to this.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
