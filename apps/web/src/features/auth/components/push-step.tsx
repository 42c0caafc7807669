import '@mantine/core/styles/List.layer.css';
import { Alert, Button, Center, Group, List, Loader, Stack, Text } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getApiBaseUrl } from '../../../lib/api-base-url';
import { isApiError } from '../../../lib/api-error';
import { type ErrorTextKey, userFacingError } from '../../../lib/error-message';
import { liveChannelUrl } from '../../../lib/live-channel';
import { getMobileBridge, type MobileBridge } from '../../../lib/mobile-bridge';
import { useBrand } from '../../../lib/runtime-config';
import { exchangeSignInCode } from '../api/exchange-code';
import { type PushDecision, waitForPushDecision } from '../api/push-approval';
import { MAX_RESENDS, PUSH_RESEND_COOLDOWN_SECONDS, resendPush } from '../api/resend';
import type { SecondFactorFlow, SignInOutcome } from '../api/sign-in-outcome';
import { formatMinutesSeconds, useSecondsLeft } from '../hooks/use-seconds-left';
import { StepHeading } from './step-heading';
import { ResendControl } from './resend-control';

export type PushFlow = Extract<SecondFactorFlow, { type: 'push' }>;

export interface PushStepProps {
  flow: PushFlow;
  codeVerifier: string;
  login: string;
  onOutcome: (outcome: SignInOutcome) => Promise<void>;
  onRestart: () => void;
  /** The native app when the page runs inside it (wrapper mode). */
  bridge?: MobileBridge;
  /** Opens the channel the answer arrives on (tests give a fake). */
  waitForDecision?: typeof waitForPushDecision;
}

type Phase = 'waiting' | 'approved' | 'declined' | 'expired' | 'failed';

const deadlineIn = (seconds: number) => Date.now() + seconds * 1000;

/**
 * Push sign-in (spec 000 §4): the user's linked phones were asked; this screen waits on the live
 * channel for the answer. The deep link is shown as a QR code for the app to scan; inside the app
 * itself there is nothing to scan, so the page asks the app to open the request instead.
 */
export function PushStep({
  flow,
  codeVerifier,
  login,
  onOutcome,
  onRestart,
  bridge = getMobileBridge(),
  waitForDecision = waitForPushDecision,
}: PushStepProps) {
  const { t } = useTranslation(['signIn', 'common']);
  const brand = useBrand();
  const [answeredPhase, setPhase] = useState<Phase>('waiting');
  const [failure, setFailure] = useState<unknown>(null);
  const [isConnected, setIsConnected] = useState(true);
  const [deadline, setDeadline] = useState(() => deadlineIn(flow.expiresInSeconds));
  const [resendsLeft, setResendsLeft] = useState(MAX_RESENDS);
  const [resendAt, setResendAt] = useState(() => deadlineIn(PUSH_RESEND_COOLDOWN_SECONDS));
  const [isResending, setIsResending] = useState(false);
  const [resendNotice, setResendNotice] = useState<string | undefined>();
  const [resendError, setResendError] = useState<unknown>(null);
  const secondsLeft = useSecondsLeft(answeredPhase === 'waiting' ? deadline : null);
  const resendSecondsLeft = useSecondsLeft(answeredPhase === 'waiting' ? resendAt : null);

  const errorText = (error: unknown) =>
    userFacingError(error, (key: ErrorTextKey) => t(`common:errors.${key}`)).message;

  const onDecision = useEffectEvent((decision: PushDecision) => {
    if (decision.status !== 'approved') {
      setPhase(decision.status);
      return;
    }
    setPhase('approved');
    exchangeSignInCode({ code: decision.code, codeVerifier, login })
      .then(onOutcome)
      .catch((error: unknown) => {
        setFailure(error);
        setPhase('failed');
      });
  });

  // One channel per sign-in, open while the screen shows it.
  useEffect(() => {
    const channel = waitForDecision({
      url: liveChannelUrl(getApiBaseUrl(), window.location),
      tmpToken: flow.tmpToken,
      onDecision: (decision) => onDecision(decision),
      onConnectionChange: setIsConnected,
    });
    return () => channel.close();
  }, [flow.tmpToken, waitForDecision]);

  async function handleResend() {
    if (isResending) return;
    setIsResending(true);
    setResendError(null);
    setResendNotice(undefined);
    try {
      const resent = await resendPush(flow.tmpToken);
      setDeadline(deadlineIn(resent.expiresInSeconds));
      setResendsLeft(resent.resendsLeft);
      setResendAt(deadlineIn(PUSH_RESEND_COOLDOWN_SECONDS));
      setResendNotice(t('signIn:push.resent'));
    } catch (error) {
      if (isApiError(error) && error.code === 'AU') setPhase('expired');
      else setResendError(error);
    } finally {
      setIsResending(false);
    }
  }

  // The service expires unanswered pushes on its own clock too; the screen does not wait for that word.
  const phase: Phase = answeredPhase === 'waiting' && secondsLeft === 0 ? 'expired' : answeredPhase;
  const isOver = phase === 'declined' || phase === 'expired' || phase === 'failed';

  return (
    <Stack gap="lg">
      <StepHeading title={t('signIn:push.title')}>
        <Text c="dimmed">{t('signIn:push.intro', { brand: brand.name })}</Text>
        <List size="sm" spacing={4}>
          {flow.devices.map((device) => (
            <List.Item key={device.id}>
              {device.name} ({t(`signIn:push.deviceTypes.${device.type}`)})
            </List.Item>
          ))}
        </List>
      </StepHeading>

      {phase === 'waiting' || phase === 'approved' ? (
        <Group gap="sm" wrap="nowrap" role="status" aria-live="polite">
          <Loader size="sm" aria-hidden />
          <Text size="sm">
            {phase === 'approved'
              ? t('signIn:push.approved')
              : isConnected
                ? t('signIn:push.waiting')
                : t('signIn:push.reconnecting')}
          </Text>
        </Group>
      ) : null}
      {phase === 'waiting' ? (
        <Text size="sm" c="dimmed">
          {t('signIn:push.timeLeft', { time: formatMinutesSeconds(secondsLeft) })}
        </Text>
      ) : null}

      {phase === 'declined' ? (
        <Alert color="red" variant="light" role="alert" title={t('signIn:push.declinedTitle')}>
          <Text size="sm">{t('signIn:push.declined')}</Text>
        </Alert>
      ) : null}
      {phase === 'expired' ? (
        <Alert color="red" variant="light" role="alert" title={t('signIn:push.expiredTitle')}>
          <Text size="sm">{t('signIn:push.expired')}</Text>
        </Alert>
      ) : null}
      {phase === 'failed' ? (
        <Alert color="red" variant="light" role="alert" title={t('signIn:ended.title')}>
          <Text size="sm">{errorText(failure)}</Text>
        </Alert>
      ) : null}

      {phase === 'waiting' ? (
        bridge.isAvailable ? (
          <Stack gap="xs">
            <Text size="sm">{t('signIn:push.inAppHint')}</Text>
            <Button variant="light" fullWidth onClick={() => bridge.openDeepLink(flow.deeplink)}>
              {t('signIn:push.openInApp')}
            </Button>
          </Stack>
        ) : (
          <Stack gap="xs" align="center">
            <Text size="sm">{t('signIn:push.qrHint', { brand: brand.name })}</Text>
            <Center p="xs" bg="white" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
              <QRCodeSVG
                value={flow.deeplink}
                size={168}
                marginSize={2}
                role="img"
                aria-label={t('signIn:push.qrLabel', { brand: brand.name })}
              />
            </Center>
          </Stack>
        )
      ) : null}

      {phase === 'waiting' ? (
        <ResendControl
          kind="push"
          notice={resendNotice}
          errorMessage={resendError ? errorText(resendError) : undefined}
          resendsLeft={resendsLeft}
          secondsLeft={resendSecondsLeft}
          isResending={isResending}
          onResend={() => void handleResend()}
        />
      ) : null}

      <Button variant={isOver ? 'filled' : 'default'} fullWidth onClick={onRestart} disabled={phase === 'approved'}>
        {isOver ? t('signIn:ended.signInAgain') : t('signIn:back')}
      </Button>
    </Stack>
  );
}
