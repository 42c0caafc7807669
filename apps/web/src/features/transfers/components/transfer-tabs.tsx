import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import classes from './transfer-tabs.module.css';

/** The transfer screens side by side: to someone, between own accounts, recurring ones. */
export function TransferTabs() {
  const { t } = useTranslation('transfers');
  const links = [
    { to: '/transfer/p2p', label: t('tabs.p2p') },
    { to: '/transfer/account', label: t('tabs.account') },
    { to: '/transfer/preapproved-payments', label: t('tabs.preapproved') },
  ];
  return (
    <nav aria-label={t('tabs.label')} className={classes.tabs}>
      {links.map((link) => (
        <NavLink key={link.to} to={link.to} className={classes.tab}>
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
