import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { DevBrandSwitcher } from '../../components/dev-brand-switcher';
import { EnvironmentBadge } from '../../components/environment-badge';
import { LanguageSwitcher } from '../../components/language-switcher';
import { useBrand } from '../../lib/runtime-config';
import classes from './auth-layout.module.css';

/** Sign-in and other pre-account screens: one centred card, brand on top, help and legal below. */
export function AuthLayout({ children }: { children?: ReactNode }) {
  const brand = useBrand();
  const { t } = useTranslation('common');
  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <BrandLogo height={36} />
        <Group gap="xs" wrap="nowrap">
          <EnvironmentBadge />
          <LanguageSwitcher />
        </Group>
      </header>
      <main id="main" className={classes.main}>
        <Paper className={classes.card} withBorder shadow="sm" p={{ base: 'lg', xs: 'xl' }} radius="lg">
          {children ?? <Outlet />}
        </Paper>
      </main>
      <footer className={classes.footer}>
        <Stack gap={4}>
          <Text size="sm">
            {t('footer.help')}{' '}
            <Anchor href={`mailto:${brand.support.email}`} size="sm">
              {brand.support.email}
            </Anchor>{' '}
            ·{' '}
            <Anchor href={`tel:${brand.support.phone.replace(/\s/g, '')}`} size="sm">
              {brand.support.phone}
            </Anchor>
          </Text>
          <Group gap="md">
            <Anchor href={brand.links.terms} size="sm" target="_blank" rel="noreferrer">
              {t('footer.terms')}
            </Anchor>
            <Anchor href={brand.links.fees} size="sm" target="_blank" rel="noreferrer">
              {t('footer.fees')}
            </Anchor>
            <Anchor href={brand.links.privacy} size="sm" target="_blank" rel="noreferrer">
              {t('footer.privacy')}
            </Anchor>
          </Group>
        </Stack>
        <DevBrandSwitcher />
      </footer>
    </div>
  );
}
