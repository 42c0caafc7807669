import type { Account } from '@app/shared/api/accounts';
import type { HistoryItem } from '@app/shared/api/history';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubMainApi } from '../../../testing/main-api-stub';
import { renderScreen } from '../../../testing/render-screen';
import { setActiveExportId } from '../hooks/use-active-export';
import { HistoryScreen } from './history-screen';

const accounts: Account[] = [1, 2].map((accountId) => ({
  accountId,
  type: 1001,
  accountStatusId: 1,
  currencyCode: accountId === 1 ? 'USD' : 'EUR',
  balance: '10.00',
  accountBalanceMin: '0.00',
  pendingAmount: '0.00',
  availableBalance: '10.00',
  customerId: 1001,
  name: 'Payment account',
  isCustomName: false,
  createdAt: '2026-01-15T10:00:00.000Z',
}));
const accountLabel = (account: Account) => `${account.name} · ${account.currencyCode}`;

function daysAgo(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() - days);
  date.setHours(12, 0, 0, 0);
  return date.toISOString();
}

function item(overrides: Partial<HistoryItem>): HistoryItem {
  return {
    id: 'P1',
    date: daysAgo(0),
    accountId: 1,
    currency: 'USD',
    amount: '500.00',
    type: 'incomingBank',
    description: 'Bank transfer from Alex Morgan',
    status: 'completed',
    ...overrides,
  };
}

const page = {
  transactions: [
    item({ id: 'P1', counterparty: 'Alex Morgan', reference: 'K7MX2QPA58' }),
    item({
      id: 'H2',
      date: daysAgo(1),
      amount: '-25.00',
      type: 'p2p',
      counterparty: 'business@demo.test',
      status: 'processing',
      fee: '0.25',
    }),
    item({ id: 'P3', date: daysAgo(40), amount: '-100.00', type: 'exchange', accountId: 2, currency: 'EUR' }),
  ],
  results: 3,
  isResultsCapped: false,
  rejectedCount: 2,
  processingCount: 1,
  exportCsv: true,
  pageNumber: 1,
  pageSize: 20,
};

function renderHistory(path = '/history') {
  return renderScreen(<HistoryScreen accounts={accounts} accountLabel={accountLabel} />, { path });
}

/** The form has two: beside the search, and under the opened filters. */
function firstApplyButton(): HTMLElement {
  const [button] = screen.getAllByRole('button', { name: 'Apply filters' });
  if (!button) throw new Error('no apply button');
  return button;
}

afterEach(() => {
  setActiveExportId(undefined);
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('HistoryScreen', { timeout: 20_000 }, () => {
  it('groups movements by day with signed, right-hand amounts and status in words', async () => {
    stubMainApi({ transactionHistory: () => page });
    renderHistory();
    expect(await screen.findByRole('heading', { name: 'Today' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Yesterday' })).toBeInTheDocument();
    const today = screen.getByRole('heading', { name: 'Today' }).closest('section');
    if (!today) throw new Error('no section');
    expect(within(today).getByText('Alex Morgan')).toBeInTheDocument();
    expect(within(today).getByText('+$500.00')).toBeInTheDocument();
    expect(within(today).getByText('Completed')).toBeInTheDocument();
    expect(within(today).getByText('Reference: K7MX2QPA58')).toBeInTheDocument();
    expect(screen.getByText('\u2212$25.00')).toBeInTheDocument();
    expect(screen.getByText('Processing')).toBeInTheDocument();
    // Without a counterparty the type is the title, and the account it happened on is named.
    const exchange = screen.getByText('Currency exchange', { selector: 'p' }).closest('li');
    if (!exchange) throw new Error('no exchange item');
    expect(within(exchange).getByText(/^Payment account · EUR · /)).toBeInTheDocument();
    expect(screen.getByText('3 transactions')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1 processing' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '2 rejected' })).toBeInTheDocument();
  });

  it('sends only the filters that are set, shows them as chips, and clears them in one click', async () => {
    const api = stubMainApi({ transactionHistory: () => page });
    const user = userEvent.setup();
    const { router } = renderHistory();
    await screen.findByRole('heading', { name: 'Today' });
    expect(api.callsOf('transactionHistory')[0]).toEqual({
      method: 'transactionHistory',
      lang: 'en',
      transactionDirection: 'all',
      status: 'all',
      pageNumber: 1,
    });

    await user.click(screen.getByRole('button', { name: 'More filters' }));
    await user.type(screen.getByLabelText(/^Search/), 'rent');
    await user.selectOptions(screen.getByLabelText('Type'), 'p2p');
    await user.selectOptions(screen.getByLabelText('Account'), '2');
    await user.type(screen.getByLabelText('Minimum amount'), '10,5');
    await user.click(firstApplyButton());

    await waitFor(() =>
      expect(api.callsOf('transactionHistory').at(-1)).toEqual({
        method: 'transactionHistory',
        lang: 'en',
        accountId: 2,
        keyword: 'rent',
        transactionType: 'p2p',
        fromAmount: '10.5',
        transactionDirection: 'all',
        status: 'all',
        pageNumber: 1,
      }),
    );
    expect(router.state.location.search).toBe('?accountId=2&keyword=rent&transactionType=p2p&fromAmount=10%2C5');
    const chips = screen.getByRole('group', { name: 'Filtered by' });
    expect(
      within(chips).getByRole('button', { name: 'Remove filter Type: Transfer with a customer' }),
    ).toBeInTheDocument();
    expect(
      within(chips).getByRole('button', { name: 'Remove filter Account: Payment account · EUR' }),
    ).toBeInTheDocument();

    await user.click(within(chips).getByRole('button', { name: 'Remove filter Type: Transfer with a customer' }));
    await waitFor(() => expect(api.callsOf('transactionHistory').at(-1)).not.toHaveProperty('transactionType'));
    await user.click(screen.getByRole('button', { name: 'Clear all filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('group', { name: 'Filtered by' })).not.toBeInTheDocument();
  });

  it('explains a filter that cannot be right instead of sending it', async () => {
    const api = stubMainApi({ transactionHistory: () => page });
    const user = userEvent.setup();
    renderHistory();
    await screen.findByRole('heading', { name: 'Today' });
    await user.click(screen.getByRole('button', { name: 'More filters' }));
    await user.type(screen.getByLabelText('Counterparty e-mail'), 'someone@');
    await user.click(firstApplyButton());
    expect(
      await screen.findAllByText(/Enter an e-mail address in the correct format, like name@example.com/),
    ).toHaveLength(2);
    expect(api.callsOf('transactionHistory')).toHaveLength(1);
  });

  it('exports the filtered history to CSV: start, wait while it is prepared, download, e-mail', async () => {
    let polls = 0;
    const exported = {
      exportId: '4b0c6a7e-2f4e-4bd2-9c9a-2a3c0e7d1f10',
      status: 'preparing',
      filter: { transactionDirection: 'outgoing', status: 'all' },
      createdAt: '2026-03-10T12:00:00.000Z',
      expiresAt: '2026-03-11T12:00:00.000Z',
      url: '/files/history-exports/4b0c6a7e-2f4e-4bd2-9c9a-2a3c0e7d1f10.csv',
    };
    const api = stubMainApi({
      transactionHistory: () => page,
      historyExportStart: () => ({ export: exported }),
      historyExportStatus: () => {
        polls += 1;
        return { export: polls < 2 ? exported : { ...exported, status: 'ready', rowCount: 3, isTruncated: false } };
      },
      historyExportSend: () => ({ sentTo: 'p•••@demo.test' }),
    });
    const mainApi = globalThis.fetch;
    const downloads: { url: string; authorization: string | undefined }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: unknown, init?: RequestInit) => {
        const url = String(input);
        if (!url.startsWith('/files/')) return mainApi(input as string, init);
        const headers = (init?.headers ?? {}) as Record<string, string>;
        downloads.push({ url, authorization: headers.Authorization });
        return Promise.resolve(new Response('date,amount\n2026-03-10,500.00\n', { status: 200 }));
      }),
    );
    // jsdom has no object URLs; the browser's are what the download hands the file to.
    const createObjectURL = vi.fn(() => 'blob:history');
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: createObjectURL });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });

    const user = userEvent.setup();
    renderHistory('/history?transactionDirection=outgoing');
    await user.click(await screen.findByRole('button', { name: 'Export these transactions' }));
    expect(await screen.findByText(/Preparing your file/)).toBeInTheDocument();
    expect(api.callsOf('historyExportStart')[0]).toMatchObject({
      filter: { transactionDirection: 'outgoing', status: 'all' },
    });
    expect(await screen.findByText('Your file is ready: 3 transactions.', {}, { timeout: 5_000 })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(downloads).toEqual([{ url: exported.url, authorization: 'Bearer access-1' }]);

    await user.click(screen.getByRole('button', { name: 'Send to my e-mail' }));
    expect(await screen.findByText("We've sent a download link to p•••@demo.test.")).toBeInTheDocument();
  });
});
