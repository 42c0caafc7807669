import { Alert, Button, Stack, Text } from '@mantine/core';
import { BREAKPOINTS_PX } from '@app/shared/constants';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getMobileBridge } from '../../../lib/mobile-bridge';
import type { SetupRequirement, SignInOutcome } from '../api/sign-in-outcome';
import { StepHeading } from './step-heading';
import { TotpSetup } from './totp-setup';

export interface StrictMigrationStepProps {
  migration: SetupRequirement;
  onOutcome: (outcome: SignInOutcome) => Promise<void>;
  onRestart: () => void;
}

const PHONE_QUERY = `(max-width: ${BREAKPOINTS_PX.mobile}px)`;

/**
 * Two-factor migration, strict (spec 000 §4): no session until a second factor is on. The set-up
 * token allows exactly that; enabling the authenticator app answers with the session.
 */
export function StrictMigrationStep({ migration, onOutcome, onRestart }: StrictMigrationStepProps) {
  const { t } = useTranslation('signIn');
  const isPhone = useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false });
  const layout = isPhone || getMobileBridge().isAvailable ? 'phone' : 'qr';
  const credential = useMemo(() => ({ kind: 'setupToken' as const, token: migration.tmpJwt }), [migration.tmpJwt]);

  return (
    <Stack gap="lg">
      <StepHeading title={t('migration.strict.title')}>{t(`migration.strategy.${migration.strat}`)}</StepHeading>
      <Alert color="red" variant="light" role="alert">
        <Text size="sm">{t('migration.strict.body')}</Text>
      </Alert>
      <TotpSetup
        credential={credential}
        layout={layout}
        onEnabled={(confirmation) =>
          // A set-up token always opens the session; anything else means signing in afresh.
          confirmation === 'signedIn' ? onOutcome({ kind: 'signedIn' }) : onRestart()
        }
      />
      <Button variant="default" fullWidth onClick={onRestart}>
        {t('back')}
      </Button>
    </Stack>
  );
}
