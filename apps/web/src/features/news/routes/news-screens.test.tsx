import type { Announcement, AnnouncementSummary } from '@app/shared/api/news';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClientHolder } from '../../../app/query-client';
import { stubMainApi } from '../../../testing/main-api-stub';
import { renderWithProviders, testQueryClient } from '../../../testing/render';
import NewsDetailRoute from './news-detail';
import NewsListRoute from './news-list';

const fees: Announcement = {
  id: 7,
  title: 'Updated fee schedule',
  body: 'From next month the monthly fee changes.\n\nPlease accept it.',
  publishedAt: '2026-05-02T10:00:00.000Z',
  isRead: false,
  withConfirmation: true,
};
const free: Announcement = {
  id: 5,
  title: 'Free transfers',
  body: 'Transfers between customers are free.',
  publishedAt: '2026-04-20T10:00:00.000Z',
  isRead: true,
  withConfirmation: false,
};

function summaryOf({ body, ...item }: Announcement): AnnouncementSummary {
  return { ...item, excerpt: body.slice(0, 40) };
}

function renderNews(path: string) {
  const queryClient = testQueryClient();
  const router = createMemoryRouter(
    [
      { path: '/news', element: <NewsListRoute /> },
      { path: '/news/:newsId', element: <NewsDetailRoute /> },
    ].map((route) => ({
      ...route,
      element: <QueryClientProvider client={queryClient}>{route.element}</QueryClientProvider>,
    })),
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />, { queryClientHolder: createQueryClientHolder(queryClient) });
  return { router, queryClient };
}

describe('news list', () => {
  it('shows the announcements with what is new and what waits for an answer', async () => {
    stubMainApi({
      announcementList: () => ({ announcements: [summaryOf(fees), summaryOf(free)], unreadCount: 1 }),
    });
    renderNews('/news');
    expect(await screen.findByRole('link', { name: 'Updated fee schedule' })).toHaveAttribute('href', '/news/7');
    expect(screen.getByText('New')).toBeInTheDocument();
    expect(screen.getByText('Needs your answer')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 unread · 1 waiting for your answer');
  });

  it('says so when there is no news', async () => {
    stubMainApi({ announcementList: () => ({ announcements: [], unreadCount: 0 }) });
    renderNews('/news');
    expect(await screen.findByText(/There is no news yet/)).toBeInTheDocument();
  });
});

describe('news detail', () => {
  it('confirms reading once, and an answer refreshes the confirmation list', async () => {
    let current: Announcement = fees;
    const api = stubMainApi({
      announcementGet: () => ({ announcement: current }),
      announcementMarkRead: () => ({ unreadCount: 0 }),
      announcementAcceptOrDecline: (body) => {
        current = { ...current, isRead: true, choice: body.choice === 'accept' ? 'accept' : 'decline' };
        return { announcement: current };
      },
    });
    const { queryClient } = renderNews('/news/7');
    // The list is cached, as after visiting it: an answer must refresh it.
    queryClient.setQueryData(['news', 'list', { withConfirmation: true, language: 'en' }], {
      announcements: [summaryOf(fees)],
      unreadCount: 1,
    });
    expect(await screen.findByRole('heading', { name: 'Updated fee schedule' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsOf('announcementMarkRead')).toHaveLength(1));
    expect(api.callsOf('announcementMarkRead')[0]).toMatchObject({ ids: [7] });

    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('You accepted this announcement.')).toBeInTheDocument();
    expect(api.callsOf('announcementAcceptOrDecline')).toEqual([expect.objectContaining({ id: 7, choice: 'accept' })]);
    // Not on screen, so not refetched now: marked stale, it refetches when the list shows again.
    await waitFor(() =>
      expect(
        queryClient.getQueryState(['news', 'list', { withConfirmation: true, language: 'en' }])?.isInvalidated,
      ).toBe(true),
    );
    expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
    expect(api.callsOf('announcementMarkRead')).toHaveLength(1);
  });

  it('does not confirm an item already read, and shows a refused answer', async () => {
    const api = stubMainApi({
      announcementGet: () => ({ announcement: { ...fees, isRead: true } }),
      announcementAcceptOrDecline: () => ({
        status: 200,
        body: { responseCode: 'TA1', responseDescription: 'This announcement was already answered.' },
      }),
    });
    renderNews('/news/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This announcement was already answered.');
    expect(api.callsOf('announcementMarkRead')).toHaveLength(0);
  });

  it('refuses an id that is not a number without calling the server', async () => {
    const api = stubMainApi({});
    renderNews('/news/abc');
    expect(await screen.findByRole('alert')).toHaveTextContent("This announcement doesn't exist.");
    expect(api.calls).toHaveLength(0);
  });
});
