import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubMainApi } from '../../../testing/main-api-stub';
import { renderScreen } from '../../../testing/render-screen';
import { LoginHistoryScreen, toLoginHistoryParams } from './login-history-screen';

describe('toLoginHistoryParams', () => {
  it('drops empty filter fields and asks for pages of 20', () => {
    expect(toLoginHistoryParams({ fromDate: '', toDate: '', result: '' }, 1)).toEqual({ pageNumber: 1, pageSize: 20 });
    expect(toLoginHistoryParams({ fromDate: '2026-03-01', toDate: '', result: 'failure' }, 2)).toEqual({
      pageNumber: 2,
      pageSize: 20,
      fromDate: '2026-03-01',
      result: 'failure',
    });
  });
});

describe('LoginHistoryScreen', { timeout: 20_000 }, () => {
  it('groups attempts by day, names the failures, and filters by dates', async () => {
    const now = new Date();
    const api = stubMainApi({
      loginHistory: () => ({
        history: [
          {
            date: now.toISOString(),
            ip: '127.0.0.1',
            device: 'Chrome on Windows',
            location: 'This computer',
            result: 'success',
          },
          {
            date: now.toISOString(),
            ip: '203.0.113.9',
            device: 'Unknown device',
            location: 'Bucharest, Romania',
            result: 'failure',
            reason: 'wrongPassword',
          },
          {
            date: '2025-12-22T10:00:00.000Z',
            ip: '192.0.2.1',
            device: 'Safari on iOS',
            location: 'Unknown',
            result: 'success',
          },
        ],
        total: 3,
      }),
    });
    const user = userEvent.setup();
    renderScreen(<LoginHistoryScreen />, { path: '/login-history' });
    expect(await screen.findByRole('heading', { name: 'Today' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'December 22nd, 2025' })).toBeInTheDocument();
    expect(screen.getByText('Wrong password')).toBeInTheDocument();
    expect(screen.getByText('Unknown device')).toBeInTheDocument();
    expect(screen.getByText(/203\.0\.113\.9, Bucharest, Romania/)).toBeInTheDocument();
    expect(screen.getByText(/192\.0\.2\.1, Unknown location/)).toBeInTheDocument();

    await user.type(screen.getByLabelText('From'), '2026-02-01');
    await user.type(screen.getByLabelText('To'), '2026-01-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('The start date must be before the end date.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-02-28');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(api.callsOf('loginHistory').at(-1)).toMatchObject({
        fromDate: '2026-02-01',
        toDate: '2026-02-28',
        pageNumber: 1,
        pageSize: 20,
      }),
    );
  });
});
