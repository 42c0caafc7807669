import type { CustomerInfo } from '@app/shared/api/customers';
import { isProfileMenuHighlighted, type VerificationSummary } from '@app/shared/verification-status';
import { BREAKPOINTS_PX } from '@app/shared/constants';
import { useMediaQuery } from '@mantine/hooks';
import { memo, type ReactNode, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { EnvironmentBadge } from '../../components/environment-badge';
import { CustomersIcon, HistoryIcon, HomeIcon, TransfersIcon } from '../../components/icons';
import { LanguageSwitcher } from '../../components/language-switcher';
import { useCustomerInfo } from '../../features/customers/api/get-customer-info';
import { ActingBanner } from '../../features/admin/components/acting-banner';
import { NewsNavLink } from '../../features/news/components/news-nav-link';
import { VerificationBanner } from '../../features/verification/components/verification-banner';
import { mainNavEntries, type NavEntry } from '../navigation';
import { pathOfRoute } from '../route-registry';
import classes from './main-layout.module.css';
import { ProfileMenu } from './profile-menu';

const ICONS: Record<NavEntry['icon'], () => ReactNode> = {
  home: HomeIcon,
  transfers: TransfersIcon,
  history: HistoryIcon,
  customers: CustomersIcon,
};

/** The phone layout of main-layout.module.css: bottom navigation instead of the side one. */
const PHONE_QUERY = `(max-width: ${BREAKPOINTS_PX.mobile}px)`;

/** Signed-in screens: brand header with profile menu, side navigation on desktop, bottom bar on phones. */
export function MainLayout({ children }: { children?: ReactNode }) {
  const { data } = useCustomerInfo();
  // The customer arrives as a store update, which React renders at once and in one piece; with a
  // deferred value the shell re-renders in the background, in slices that leave room for input.
  const customer = useDeferredValue(data?.customer);
  const verification = useDeferredValue(data?.verification);
  return (
    <MainLayoutShell customer={customer} verification={verification} isLoaded={data !== undefined}>
      {children}
    </MainLayoutShell>
  );
}

const MainLayoutShell = memo(function MainLayoutShell({
  customer,
  verification,
  isLoaded,
  children,
}: {
  customer: CustomerInfo | undefined;
  verification: VerificationSummary | undefined;
  isLoaded: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('common');
  const entries = mainNavEntries(customer);
  // The stylesheet hides the side navigation and the header's language switcher on phones, and the
  // bottom bar elsewhere; what is hidden is not rendered at all, which saves work on slow devices.
  const isPhone = useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false });

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
          {customer?.customerId !== undefined ? <NewsNavLink /> : null}
          {isPhone ? null : (
            <div className={classes.desktopOnly}>
              <LanguageSwitcher />
            </div>
          )}
          <ProfileMenu customer={customer} isProfileHighlighted={isProfileMenuHighlighted(verification)} />
        </div>
      </header>
      {isPhone ? null : (
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
      )}
      <main id="main" className={classes.content} tabIndex={-1}>
        <ActingBanner customer={customer} />
        <VerificationBanner summary={verification} isLoaded={isLoaded} />
        {children ?? <Outlet />}
      </main>
      {isPhone ? (
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
      ) : null}
    </div>
  );
});

export default MainLayout;
