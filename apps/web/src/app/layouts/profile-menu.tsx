import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import type { CustomerInfo } from '@app/shared/api/customers';
import { isLanguage } from '@app/shared/constants';
import { Menu, UnstyledButton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronDownIcon } from '../../components/icons';
import { displayNameOf } from '../../features/customers/utils/display-name';
import { BRAND_IDS, isBrandId } from '../../brands/brand';
import { BRAND_DIRECTORY } from '../../brands/brand-directory';
import { changeAppLanguage } from '../../lib/i18n';
import { LANGUAGE_ENDONYMS, languageOfLocale } from '../../lib/language';
import { useRuntimeConfig } from '../../lib/runtime-config';
import { localStore, StorageKey } from '../../lib/storage';
import { pathOfRoute } from '../route-registry';
import { profileMenuEntries } from '../navigation';
import { signOut } from '../session/sign-out';
import classes from './profile-menu.module.css';

/** Personal or company menu (spec 001 §2), showing only screens that exist, plus language and sign-out. */
export function ProfileMenu({
  customer,
  isProfileHighlighted = false,
}: {
  customer: CustomerInfo | undefined;
  /** Spec 000 §2: the profile entry stands out while verification actions remain. */
  isProfileHighlighted?: boolean;
}) {
  const { t, i18n } = useTranslation('common');
  const { brand, isDevToolsEnabled } = useRuntimeConfig();
  const currentLanguage = languageOfLocale(i18n.language);
  const entries = customer ? profileMenuEntries({ customer, areContractsEnabled: false }) : [];
  const name = customer ? displayNameOf(customer) : '';

  return (
    // Not in a portal: the dropdown stays inside the header landmark for screen-reader navigation.
    <Menu position="bottom-end" width={240} shadow="md" withinPortal={false} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton className={classes.trigger} aria-label={t('profileMenu.open')}>
          <span className={classes.avatarWrap} aria-hidden>
            <span className={classes.avatar}>{name.slice(0, 1).toUpperCase()}</span>
            {isProfileHighlighted ? <span className={classes.avatarDot} /> : null}
          </span>
          <Text component="span" size="sm" fw={500} className={classes.name}>
            {name}
          </Text>
          <ChevronDownIcon />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown className={classes.dropdown}>
        {customer ? (
          <div role="group" aria-labelledby="profile-menu-signed-in">
            <Menu.Label id="profile-menu-signed-in">
              {t('profileMenu.signedInAs', { login: customer.login })}
            </Menu.Label>
          </div>
        ) : null}
        {entries.map((entry) => (
          <Menu.Item
            key={entry.route}
            component={Link}
            to={pathOfRoute(entry.route)}
            fw={entry.label === 'profile' && isProfileHighlighted ? 700 : undefined}
            rightSection={
              entry.label === 'profile' && isProfileHighlighted ? (
                <span className={classes.actionDot}>{t('verification:menu.actionNeeded')}</span>
              ) : undefined
            }
          >
            {t(`profileMenu.entries.${entry.label}`)}
          </Menu.Item>
        ))}
        {brand.languages.length > 1 ? (
          <>
            <Menu.Divider />
            <div role="group" aria-labelledby="profile-menu-language">
              <Menu.Label id="profile-menu-language">{t('language.label')}</Menu.Label>
              {brand.languages.map((language) => (
                <Menu.Item
                  key={language}
                  lang={language === 'ua' ? 'uk' : language}
                  aria-current={language === currentLanguage ? 'true' : undefined}
                  fw={language === currentLanguage ? 700 : undefined}
                  onClick={() => {
                    if (isLanguage(language)) void changeAppLanguage(language);
                  }}
                >
                  {LANGUAGE_ENDONYMS[language]}
                </Menu.Item>
              ))}
            </div>
          </>
        ) : null}
        {isDevToolsEnabled ? (
          <>
            <Menu.Divider />
            <div role="group" aria-labelledby="profile-menu-brand">
              <Menu.Label id="profile-menu-brand">{t('devTools.brand')}</Menu.Label>
              {BRAND_IDS.map((id) => (
                <Menu.Item
                  key={id}
                  aria-current={id === brand.id ? 'true' : undefined}
                  fw={id === brand.id ? 700 : undefined}
                  onClick={() => {
                    if (!isBrandId(id)) return;
                    localStore.set(StorageKey.devBrand, id);
                    window.location.reload();
                  }}
                >
                  {BRAND_DIRECTORY[id].name}
                </Menu.Item>
              ))}
            </div>
          </>
        ) : null}
        <Menu.Divider />
        <Menu.Item color="red.9" onClick={() => void signOut('signedOut')}>
          {t('profileMenu.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
