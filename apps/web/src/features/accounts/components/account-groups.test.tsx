import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { accountFixture } from '../testing/account-fixtures';
import type { AccountLabeller } from '../hooks/use-account-label';
import { AccountGroupsList } from './account-groups';

const label: AccountLabeller = (account) => `${account.name} · ${account.currencyCode}`;

const accounts = [
  accountFixture({
    accountId: 1,
    currencyCode: 'USD',
    balance: '1250.00',
    pendingAmount: '50.00',
    availableBalance: '1200.00',
  }),
  accountFixture({ accountId: 2, currencyCode: 'EUR', balance: '80.5', availableBalance: '80.5' }),
  accountFixture({
    accountId: 3,
    type: 4002,
    name: 'Receiving account',
    currencyCode: 'GBP',
    balance: '0.00',
    availableBalance: '0.00',
  }),
  accountFixture({
    accountId: 4,
    type: 2006,
    name: 'Virtual prepaid card USD',
    subType: 'PREPAID',
    cardIsVirtual: true,
    accountStatusId: 2,
    settlementAccountId: 1,
    balance: '10.00',
    accountBalanceMin: '-5.00',
    availableBalance: '10.00',
  }),
  accountFixture({ accountId: 5, currencyCode: 'CAD', accountStatusId: 11, balance: '0.00', availableBalance: '0.00' }),
];

function renderGroups(onAddMoney = vi.fn()) {
  renderWithProviders(
    <MemoryRouter>
      <AccountGroupsList
        accounts={accounts}
        accountLabel={label}
        onAddMoney={onAddMoney}
        onDownloadLetter={vi.fn()}
        downloadingAccountId={undefined}
      />
    </MemoryRouter>,
  );
  return onAddMoney;
}

function cardOf(name: string): HTMLElement {
  return screen.getByRole('article', { name });
}

describe('AccountGroupsList', () => {
  it('shows the groups the customer holds, in order, closed accounts last and only there', () => {
    renderGroups();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Payment accounts', 'Receiving accounts', 'Virtual cards', 'Closed accounts']);
    const closedSection = screen.getByRole('heading', { name: 'Closed accounts' }).closest('section');
    if (!closedSection) throw new Error('no closed section');
    expect(within(closedSection).getByRole('article', { name: 'Payment account · CAD' })).toBeInTheDocument();
    expect(within(closedSection).getByText('Closed')).toBeInTheDocument();
    expect(within(closedSection).queryByRole('link', { name: /Send/ })).not.toBeInTheDocument();
  });

  it('puts the balance first, then what is available and what is pending (only when something is held)', () => {
    renderGroups();
    const usd = cardOf('Payment account · USD');
    expect(within(usd).getByText('$1,250.00')).toBeInTheDocument();
    expect(within(usd).getByText('Available').nextElementSibling).toHaveTextContent('$1,200.00');
    expect(within(usd).getByText('Pending').nextElementSibling).toHaveTextContent('$50.00');
    const eur = cardOf('Payment account · EUR');
    expect(within(eur).getAllByText('€80.50')).toHaveLength(2);
    expect(within(eur).queryByText('Pending')).not.toBeInTheDocument();
  });

  it('shows the remaining value of a prepaid card (its absolute minimum plus the balance)', () => {
    renderGroups();
    const card = cardOf('Virtual prepaid card USD · USD');
    expect(within(card).getByText('Remaining value').nextElementSibling).toHaveTextContent('$15.00');
    expect(within(card).queryByRole('button', { name: /Add money/ })).not.toBeInTheDocument();
  });

  it('offers add money where funding details exist, and links send and exchange with the account', async () => {
    const user = userEvent.setup();
    const onAddMoney = renderGroups();
    const usd = cardOf('Payment account · USD');
    await user.click(within(usd).getByRole('button', { name: /Add money/ }));
    expect(onAddMoney).toHaveBeenCalledWith(expect.objectContaining({ accountId: 1 }));
    expect(within(usd).getByRole('link', { name: /Send/ })).toHaveAttribute('href', '/transfer/p2p?from=1');
    expect(within(usd).getByRole('link', { name: /Exchange/ })).toHaveAttribute('href', '/transfer/account?from=1');
    const receiving = cardOf('Receiving account · GBP');
    expect(within(receiving).getByRole('button', { name: /Add money/ })).toBeInTheDocument();
  });
});
