import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * `unverified-account` (spec 000 §2: it goes home once the user is verified, which the route checks):
 * what an unverified account cannot do yet and the steps to verify it.
 */
export function UnverifiedAccountScreen({ status }: { status: ReactNode }) {
  const { t } = useTranslation('kyc');
  useDocumentTitle(t('unverified.title'));
  return (
    <Stack gap="lg" maw={720}>
      <div>
        <Title order={1} size="h2">
          {t('unverified.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('unverified.intro')}
        </Text>
      </div>
      {status}
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="xs">
          {t('unverified.stepsTitle')}
        </Title>
        <Stack gap="xs" component="ol" style={{ paddingInlineStart: '1.25rem', margin: 0 }}>
          <li>
            <Text size="sm">{t('unverified.stepIdentity')}</Text>
          </li>
          <li>
            <Text size="sm">{t('unverified.stepAddress')}</Text>
          </li>
          <li>
            <Text size="sm">{t('unverified.stepReview')}</Text>
          </li>
        </Stack>
        <Anchor component={Link} to="/kyc" fw={600} mt="md" display="inline-block">
          {t('unverified.start')}
        </Anchor>
      </Paper>
    </Stack>
  );
}
