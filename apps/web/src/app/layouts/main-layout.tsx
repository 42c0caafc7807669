import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { EnvironmentBadge } from '../../components/environment-badge';
import { CustomersIcon, HomeIcon } from '../../components/icons';
import { LanguageSwitcher } from '../../components/language-switcher';
import { useCustomerInfo } from '../../features/customers/api/get-customer-info';
import { mainNavEntries, type NavEntry } from '../navigation';
import { pathOfRoute } from '../route-registry';
import classes from './main-layout.module.css';
import { ProfileMenu } from './profile-menu';

const ICONS: Record<NavEntry['icon'], () => ReactNode> = { home: HomeIcon, customers: CustomersIcon };

/** Signed-in screens: brand header with profile menu, side navigation on desktop, bottom bar on phones. */
export function MainLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('common');
  const { data } = useCustomerInfo();
  const customer = data?.customer;
  const entries = mainNavEntries(customer);

  return (
    <div className={classes.shell}>
      <a href="#main" className={classes.skip}>
        {t('skipToContent')}
      </a>
      <header className={classes.header}>
        <Link to="/home" className={classes.logoLink}>
          <BrandLogo height={32} />
        </Link>
        <EnvironmentBadge />
        <div className={classes.headerEnd}>
          <div className={classes.desktopOnly}>
            <LanguageSwitcher />
          </div>
          <ProfileMenu customer={customer} />
        </div>
      </header>
      <nav className={classes.sideNav} aria-label={t('nav.label')}>
        <ul className={classes.navList}>
          {entries.map((entry) => {
            const Icon = ICONS[entry.icon];
            return (
              <li key={entry.route}>
                <NavLink to={pathOfRoute(entry.route)} className={classes.sideLink}>
                  <Icon />
                  {t(entry.labelKey)}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <main id="main" className={classes.content} tabIndex={-1}>
        {children ?? <Outlet />}
      </main>
      <nav className={classes.bottomNav} aria-label={t('nav.label')}>
        <ul className={classes.bottomList}>
          {entries.map((entry) => {
            const Icon = ICONS[entry.icon];
            return (
              <li key={entry.route}>
                <NavLink to={pathOfRoute(entry.route)} className={classes.bottomLink}>
                  <Icon />
                  {t(entry.labelKey)}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}

export default MainLayout;
