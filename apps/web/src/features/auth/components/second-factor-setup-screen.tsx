import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type { FactorSetupCredential } from '../api/two-step-verification';
import { AppDownload } from './app-download';
import { StepHeading } from './step-heading';
import { TotpSetup, type TotpSetupLayout } from './totp-setup';

export interface SecondFactorSetupScreenProps {
  layout: TotpSetupLayout;
  /** The same set-up laid out for the other kind of device (`scp` ↔ `scp-mobile`). */
  otherLayoutPath: string;
  /** Where the user was going: post-login routing. May throw; the error is shown here. */
  onContinue: () => Promise<void>;
}

const SESSION: FactorSetupCredential = { kind: 'session' };

/**
 * The strong-customer-authentication screens of spec 000 §2 (`scp` with a QR code for a phone to
 * scan, `scp-mobile` on the phone itself): the signed-in user turns on the authenticator app, then
 * carries on where sign-in was going.
 */
export function SecondFactorSetupScreen({ layout, otherLayoutPath, onContinue }: SecondFactorSetupScreenProps) {
  const { t } = useTranslation('signIn');
  const [isEnabled, setIsEnabled] = useState(false);
  const [isContinuing, setIsContinuing] = useState(false);
  const [continueError, setContinueError] = useState<unknown>(null);
  useDocumentTitle(isEnabled ? t('scp.doneTitle') : t('scp.title'));

  async function continueOn() {
    setContinueError(null);
    setIsContinuing(true);
    try {
      await onContinue();
    } catch (error) {
      setContinueError(error);
    } finally {
      setIsContinuing(false);
    }
  }

  if (isEnabled) {
    return (
      <Stack gap="lg">
        <StepHeading title={t('scp.doneTitle')}>{t('scp.doneBody')}</StepHeading>
        {continueError ? <ErrorAlert error={continueError} /> : null}
        <Button size="md" fullWidth loading={isContinuing} onClick={() => void continueOn()}>
          {t('scp.continue')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <StepHeading title={t('scp.title')}>{t('scp.intro')}</StepHeading>
      <TotpSetup credential={SESSION} layout={layout} onEnabled={() => setIsEnabled(true)} />
      <Text size="sm">
        <Anchor component={Link} to={otherLayoutPath} size="sm">
          {layout === 'qr' ? t('scp.usePhoneLayout') : t('scp.useQrLayout')}
        </Anchor>
      </Text>
      {continueError ? <ErrorAlert error={continueError} /> : null}
      <Button variant="default" fullWidth loading={isContinuing} onClick={() => void continueOn()}>
        {t('scp.notNow')}
      </Button>
      <AppDownload credential={SESSION} />
    </Stack>
  );
}
