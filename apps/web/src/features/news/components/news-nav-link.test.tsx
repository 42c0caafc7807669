import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubMainApi } from '../../../testing/main-api-stub';
import { renderScreen } from '../../../testing/render-screen';
import { NewsNavLink } from './news-nav-link';

describe('news link', () => {
  it('names the unread count for screen readers and shows it as a badge', async () => {
    stubMainApi({ announcementList: () => ({ announcements: [], unreadCount: 3 }) });
    renderScreen(<NewsNavLink />);
    const link = await screen.findByRole('link', { name: 'News, 3 unread' });
    expect(link).toHaveAttribute('href', '/news');
    expect(screen.getByTestId('news-unread-badge')).toHaveTextContent('3');
  });

  it('shows no badge when everything is read, and caps a long count', async () => {
    stubMainApi({ announcementList: () => ({ announcements: [], unreadCount: 0 }) });
    const { unmount } = renderScreen(<NewsNavLink />);
    expect(await screen.findByRole('link', { name: 'News' })).toBeInTheDocument();
    expect(screen.queryByTestId('news-unread-badge')).not.toBeInTheDocument();
    unmount();
    stubMainApi({ announcementList: () => ({ announcements: [], unreadCount: 150 }) });
    renderScreen(<NewsNavLink />);
    expect(await screen.findByTestId('news-unread-badge')).toHaveTextContent('99+');
  });
});
