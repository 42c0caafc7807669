import '@mantine/core/styles/Skeleton.layer.css';
import {
  TRANSACTION_APPROVAL_MODES,
  TWO_STEP_MODES,
  type TransactionApprovalMode,
  type TwoStepChangeResponse,
  type TwoStepMode,
} from '@app/shared/api/security-settings';
import { Alert, Button, Group, NativeSelect, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type SubmitEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-error';
import { securityQueryRoot, useSecuritySettings, type SecuritySettings } from '../api/security-settings';
import { confirmTwoStepChange, startTwoStepChange, type TwoStepChangeTarget } from '../api/two-step-change';
import { CodeConfirmDialog } from './code-confirm-dialog';
import { EndOtherSessionsOffer } from './end-other-sessions-offer';
import { OtpEnrolmentDialog, type OtpEnrolment } from './otp-enrolment-dialog';
import { PushConfirmDialog } from './push-confirm-dialog';
import { useReauthGate } from './reauth-dialog';

const LOGIN_MODE_TO_TWO_STEP: Record<SecuritySettings['login2faMode'], TwoStepMode> = {
  no: 'none',
  push: 'push',
  sms: 'sms',
  otp: 'otp',
};

function isApprovalMode(value: number): value is TransactionApprovalMode {
  return (TRANSACTION_APPROVAL_MODES as readonly number[]).includes(value);
}

type CodeRequest = Extract<TwoStepChangeResponse, { confirmWith: 'otp' | 'sms' | 'email' }>;

/**
 * Two-step verification of sign-in and of transactions (spec 001 §4, §7). Changing either asks for
 * the password when the session is not fresh, then proves the new factor: the authenticator's QR
 * code and a code from it, an SMS code (the popup closes 3 s after success), or the push-confirm
 * prompt on the linked device. Afterwards it offers to end the other sessions.
 */
/** The number SMS codes go to: the one on file is kept when left empty. */
function SmsPhoneField(props: {
  knownPhone: string | undefined;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('security');
  return (
    <TextInput
      label={t('twoStep.phone')}
      description={
        props.knownPhone === undefined ? t('twoStep.phoneHint') : t('twoStep.phoneKeep', { phone: props.knownPhone })
      }
      type="tel"
      autoComplete="tel"
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      error={props.error}
    />
  );
}

export function TwoStepSection() {
  const { t } = useTranslation(['security', 'common']);
  const queryClient = useQueryClient();
  const settings = useSecuritySettings();
  const { run, dialog } = useReauthGate();
  const [signInMode, setSignInMode] = useState<TwoStepMode | null>(null);
  const [approvalMode, setApprovalMode] = useState<TransactionApprovalMode | null>(null);
  const [phone, setPhone] = useState('');
  const [startError, setStartError] = useState<unknown>(null);
  const [busyTarget, setBusyTarget] = useState<'signIn' | 'approval' | null>(null);
  const [otpEnrolment, setOtpEnrolment] = useState<OtpEnrolment | null>(null);
  const [codeRequest, setCodeRequest] = useState<CodeRequest | null>(null);
  const [pushRequest, setPushRequest] = useState<{ reqId: string; deviceNames: string[] } | null>(null);
  const [changedText, setChangedText] = useState<string | null>(null);

  const current = settings.data;
  const selectedSignIn = signInMode ?? (current ? LOGIN_MODE_TO_TWO_STEP[current.login2faMode] : 'none');
  const currentApproval =
    current && isApprovalMode(current.transactionApproveMode) ? current.transactionApproveMode : 0;
  const selectedApproval = approvalMode ?? currentApproval;
  const needsPhone =
    (selectedSignIn === 'sms' && signInMode !== null) || (selectedApproval === 2 && approvalMode !== null);

  const finished = useCallback(() => {
    setOtpEnrolment(null);
    setCodeRequest(null);
    setPushRequest(null);
    setSignInMode(null);
    setApprovalMode(null);
    setPhone('');
    setChangedText(t('security:twoStep.changed'));
    void queryClient.invalidateQueries({ queryKey: securityQueryRoot });
  }, [queryClient, t]);

  async function change(target: TwoStepChangeTarget, kind: 'signIn' | 'approval') {
    setStartError(null);
    setChangedText(null);
    setBusyTarget(kind);
    try {
      const answer = await run(() => startTwoStepChange(target, needsPhone ? phone : undefined));
      if (answer === undefined) return;
      switch (answer.confirmWith) {
        case 'none':
          finished();
          return;
        case 'otpEnrolment':
          setOtpEnrolment({ reqId: answer.reqId, secret: answer.secret, otpauthUrl: answer.otpauthUrl });
          return;
        case 'push':
          setPushRequest({ reqId: answer.reqId, deviceNames: answer.devices.map((device) => device.name) });
          return;
        case 'otp':
        case 'sms':
        case 'email':
          setCodeRequest(answer);
          return;
      }
    } catch (error) {
      setStartError(error);
    } finally {
      setBusyTarget(null);
    }
  }

  function handleSignIn(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void change({ mode: selectedSignIn }, 'signIn');
  }

  function handleApproval(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void change({ typeMode: selectedApproval }, 'approval');
  }

  const phoneError =
    isApiError(startError) && startError.validationErrors.some((item) => item.field === 'phone')
      ? startError.validationErrors.find((item) => item.field === 'phone')?.message
      : undefined;

  const codeDescription = (request: CodeRequest) =>
    request.confirmWith === 'otp'
      ? t('security:code.fromAuthenticator')
      : t('security:code.sentTo', { sentTo: request.sentTo ?? '' });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="two-step-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="two-step-title">
          {t('security:twoStep.title')}
        </Title>
        <Text size="sm">{t('security:twoStep.intro')}</Text>
        {settings.isPending ? <Skeleton height={120} /> : null}
        {settings.error ? <ErrorAlert error={settings.error} /> : null}
        {changedText !== null ? (
          <Alert color="teal" variant="light" role="status">
            <Stack gap="xs">
              <Text size="sm">{changedText}</Text>
              <EndOtherSessionsOffer />
            </Stack>
          </Alert>
        ) : null}
        {startError !== null && phoneError === undefined ? <ErrorAlert error={startError} /> : null}
        {current ? (
          <>
            <form onSubmit={handleSignIn} noValidate>
              <Stack gap="sm">
                <Text size="sm" data-testid="current-sign-in-mode">
                  {t('security:twoStep.currentSignIn', {
                    mode: t(`security:modes.${LOGIN_MODE_TO_TWO_STEP[current.login2faMode]}`),
                  })}
                </Text>
                <NativeSelect
                  label={t('security:twoStep.signInLabel')}
                  value={selectedSignIn}
                  onChange={(event) =>
                    setSignInMode(TWO_STEP_MODES.find((mode) => mode === event.currentTarget.value) ?? 'none')
                  }
                  data={TWO_STEP_MODES.map((mode) => ({ value: mode, label: t(`security:modes.${mode}`) }))}
                />
                {selectedSignIn === 'sms' && signInMode !== null ? (
                  <SmsPhoneField knownPhone={current.smsPhone} value={phone} onChange={setPhone} error={phoneError} />
                ) : null}
                <Group>
                  <Button type="submit" loading={busyTarget === 'signIn'} disabled={signInMode === null}>
                    {t('security:twoStep.changeSignIn')}
                  </Button>
                </Group>
              </Stack>
            </form>
            <form onSubmit={handleApproval} noValidate>
              <Stack gap="sm">
                <Text size="sm" data-testid="current-approval-mode">
                  {t('security:twoStep.currentApproval', { mode: t(`security:approvalModes.${currentApproval}`) })}
                </Text>
                <NativeSelect
                  label={t('security:twoStep.approvalLabel')}
                  value={String(selectedApproval)}
                  onChange={(event) => {
                    const value = Number(event.currentTarget.value);
                    setApprovalMode(isApprovalMode(value) ? value : 0);
                  }}
                  data={TRANSACTION_APPROVAL_MODES.map((mode) => ({
                    value: String(mode),
                    label: t(`security:approvalModes.${mode}`),
                  }))}
                />
                {selectedApproval === 2 && approvalMode !== null && signInMode === null ? (
                  <SmsPhoneField knownPhone={current.smsPhone} value={phone} onChange={setPhone} error={phoneError} />
                ) : null}
                <Group>
                  <Button type="submit" loading={busyTarget === 'approval'} disabled={approvalMode === null}>
                    {t('security:twoStep.changeApproval')}
                  </Button>
                </Group>
              </Stack>
            </form>
            {current.hasTotp ? (
              <Text size="sm" c="dimmed">
                {t('security:twoStep.recoveryLeft', { count: current.recoveryCodesLeft })}
              </Text>
            ) : null}
          </>
        ) : null}
      </Stack>
      {dialog}
      <OtpEnrolmentDialog enrolment={otpEnrolment} onClose={() => setOtpEnrolment(null)} onEnabled={finished} />
      <PushConfirmDialog request={pushRequest} onClose={() => setPushRequest(null)} onEnabled={finished} />
      <CodeConfirmDialog
        opened={codeRequest !== null}
        title={t('security:code.title')}
        description={codeRequest === null ? '' : codeDescription(codeRequest)}
        requestId={codeRequest?.reqId}
        identifier={codeRequest?.identifier}
        successText={t('security:twoStep.changed')}
        onSubmit={async (requestId, code) => {
          await confirmTwoStepChange(requestId, code);
        }}
        onClose={() => setCodeRequest(null)}
        onDone={finished}
      />
    </Paper>
  );
}
