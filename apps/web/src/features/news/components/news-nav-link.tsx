import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { decorativeIconProps } from '../../../components/icons';
import { useAnnouncements } from '../api/get-announcements';
import { useNewsLanguage } from '../hooks/use-news-language';
import classes from './news-nav-link.module.css';

/** Unread counts above this show as "99+". */
const MAX_SHOWN_COUNT = 99;

function NewsIcon() {
  return (
    <svg {...decorativeIconProps(22)}>
      <path d="M4 5h13v14H6a2 2 0 0 1-2-2V5Z" />
      <path d="M17 9h3v8a2 2 0 0 1-2 2h-1" />
      <path d="M7.5 9h6M7.5 12.5h6M7.5 16h4" />
    </svg>
  );
}

/** The header's way to the news, with the unread count (a live announcement refreshes it). */
export function NewsNavLink() {
  const { t } = useTranslation('news');
  const language = useNewsLanguage();
  const { data } = useAnnouncements({ withConfirmation: false, language });
  const unread = data?.unreadCount ?? 0;
  const label = unread > 0 ? t('nav.labelUnread', { count: unread }) : t('nav.label');
  return (
    <NavLink to="/news" className={classes.link} aria-label={label} title={label}>
      <NewsIcon />
      <span className={classes.text} aria-hidden>
        {t('nav.label')}
      </span>
      {unread > 0 ? (
        <span className={classes.badge} aria-hidden data-testid="news-unread-badge">
          {unread > MAX_SHOWN_COUNT ? `${MAX_SHOWN_COUNT}+` : unread}
        </span>
      ) : null}
    </NavLink>
  );
}
