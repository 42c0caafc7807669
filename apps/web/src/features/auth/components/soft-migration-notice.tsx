import { Alert, Button, Stack, Text } from '@mantine/core';
import type { MigrationRequirement } from '@app/shared/api/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StepHeading } from './step-heading';

export interface SoftMigrationNoticeProps {
  migration: MigrationRequirement;
  /** Turn a second factor on now (the session exists already). */
  onSetUp: () => Promise<void> | void;
  /** Carry on without it, this time. */
  onContinue: () => Promise<void>;
}

/**
 * Two-factor migration, soft (spec 000 §4): the user is signed in and may continue; the days left
 * before the requirement turns strict are shown, with the way to meet it now.
 */
export function SoftMigrationNotice({ migration, onSetUp, onContinue }: SoftMigrationNoticeProps) {
  const { t } = useTranslation('signIn');
  const [busy, setBusy] = useState<'setUp' | 'continue' | null>(null);

  async function run(action: 'setUp' | 'continue') {
    setBusy(action);
    try {
      await (action === 'setUp' ? onSetUp() : onContinue());
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="lg">
      <StepHeading title={t('migration.soft.title')}>{t(`migration.strategy.${migration.strat}`)}</StepHeading>
      <Alert color="yellow" variant="light" role="status">
        <Text size="sm">
          {migration.daysLeft > 0
            ? t('migration.soft.daysLeft', { count: migration.daysLeft })
            : t('migration.soft.noDeadline')}
        </Text>
      </Alert>
      <Stack gap="xs">
        <Button
          size="md"
          fullWidth
          loading={busy === 'setUp'}
          disabled={busy !== null}
          onClick={() => void run('setUp')}
        >
          {t('migration.soft.setUp')}
        </Button>
        <Button
          variant="default"
          fullWidth
          loading={busy === 'continue'}
          disabled={busy !== null}
          onClick={() => void run('continue')}
        >
          {t('migration.soft.later')}
        </Button>
      </Stack>
    </Stack>
  );
}
