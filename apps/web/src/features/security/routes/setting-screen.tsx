import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { DevicesSection } from '../components/devices-section';
import { PasswordSection } from '../components/password-section';
import { SessionsSection } from '../components/sessions-section';
import { TwoStepSection } from '../components/two-step-section';

export interface SettingScreenProps {
  /** Sections of other features (the IP allow-list), composed by the app. */
  extraSections?: ReactNode;
}

/** `setting` (spec 001 §2 "account security"): two-step verification, password, devices, sessions. */
export function SettingScreen({ extraSections }: SettingScreenProps) {
  const { t } = useTranslation('security');
  useDocumentTitle(t('setting.title'));
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1} size="h2">
        {t('setting.title')}
      </Title>
      <Text>{t('setting.intro')}</Text>
      <TwoStepSection />
      <PasswordSection />
      <DevicesSection />
      <SessionsSection />
      {extraSections}
    </Stack>
  );
}
