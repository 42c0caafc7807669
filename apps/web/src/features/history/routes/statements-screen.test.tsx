import type { Account } from '@app/shared/api/accounts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubMainApi } from '../../../testing/main-api-stub';
import { renderScreen } from '../../../testing/render-screen';
import { StatementsScreen } from './statements-screen';

const base: Account = {
  accountId: 1,
  type: 1001,
  accountStatusId: 1,
  currencyCode: 'USD',
  balance: '10.00',
  accountBalanceMin: '0.00',
  pendingAmount: '0.00',
  availableBalance: '10.00',
  customerId: 1001,
  name: 'Payment account',
  isCustomName: false,
  createdAt: '2025-11-15T10:00:00.000Z',
};
const debitCard: Account = {
  ...base,
  accountId: 9,
  type: 2031,
  subType: 'DEBIT',
  accountStatusId: 2,
  currencyCode: 'EUR',
};

function statement(year: number, month: number) {
  const mm = String(month).padStart(2, '0');
  return { accountId: 1, dateFrom: `${year}-${mm}-01`, year, month, url: `/files/statements/1/${year}-${mm}.pdf` };
}

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('StatementsScreen', { timeout: 20_000 }, () => {
  it('lists the monthly statements of an account by year, 12 a page, and downloads one as a PDF', async () => {
    const api = stubMainApi({
      statementExportList: () => ({
        total: 3,
        exports: [statement(2026, 1), statement(2025, 12), statement(2025, 11)],
      }),
    });
    const mainApi = globalThis.fetch;
    const downloads: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: unknown, init?: RequestInit) => {
        const url = String(input);
        if (!url.startsWith('/files/')) return mainApi(input as string, init);
        downloads.push(url);
        return Promise.resolve(new Response('%PDF-1.7', { status: 200 }));
      }),
    );
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: vi.fn(() => 'blob:statement') });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
    const user = userEvent.setup();
    renderScreen(
      <StatementsScreen
        accounts={[base, debitCard]}
        accountLabel={(account) => `${account.name} · ${account.currencyCode}`}
      />,
      {
        path: '/statements',
      },
    );

    // Debit cards have no statements of their own: their settlement account's statement shows them.
    expect(within(screen.getByLabelText('Account')).queryByText(/EUR/)).not.toBeInTheDocument();
    const year2025 = (await screen.findByRole('heading', { name: '2025' })).closest('div');
    if (!year2025) throw new Error('no year');
    expect(screen.getByRole('heading', { name: '2026' })).toBeInTheDocument();
    expect(within(year2025).getByText('December')).toBeInTheDocument();
    expect(api.callsOf('statementExportList')[0]).toMatchObject({
      accountId: 1,
      source: 'monthly',
      pageNumber: 1,
      pageSize: 12,
    });

    await user.click(within(year2025).getByRole('button', { name: 'Download the statement for December 2025 (PDF)' }));
    await waitFor(() => expect(downloads).toEqual(['/files/statements/1/2025-12.pdf']));
  });

  it('shows why a download failed', async () => {
    stubMainApi({ statementExportList: () => ({ total: 1, exports: [statement(2026, 1)] }) });
    const mainApi = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: unknown, init?: RequestInit) =>
        String(input).startsWith('/files/')
          ? Promise.resolve(new Response(JSON.stringify({ responseCode: 'ENOA' }), { status: 403 }))
          : mainApi(input as string, init),
      ),
    );
    const user = userEvent.setup();
    renderScreen(<StatementsScreen accounts={[base]} accountLabel={(account) => account.name} />, {
      path: '/statements',
    });
    await user.click(await screen.findByRole('button', { name: 'Download the statement for January 2026 (PDF)' }));
    expect(await screen.findByRole('dialog', { name: "You don't have access to this." })).toBeInTheDocument();
    expect(screen.getByText('Code for support: ENOA')).toBeInTheDocument();
  });
});
