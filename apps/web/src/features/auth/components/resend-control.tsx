import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMinutesSeconds } from '../hooks/use-seconds-left';

export interface ResendControlProps {
  /** What is sent again: a code (sms, e-mail) or the push request; each has its own words. */
  kind: 'code' | 'push';
  /** Said after a successful re-send. */
  notice?: string;
  /** The last re-send's failure, already in words. */
  errorMessage?: string;
  resendsLeft: number;
  /** Cool-down before the next re-send is allowed. */
  secondsLeft: number;
  isResending: boolean;
  onResend: () => void;
}

/** "Send again" under a second-factor step: the cool-down, the re-sends left, and the outcome of the last one. */
export function ResendControl({
  kind,
  notice,
  errorMessage,
  resendsLeft,
  secondsLeft,
  isResending,
  onResend,
}: ResendControlProps) {
  const { t } = useTranslation(['signIn']);
  const texts =
    kind === 'code'
      ? {
          resendsLeft: t('signIn:code.resendsLeft', { count: resendsLeft }),
          resendIn: t('signIn:code.resendIn', { time: formatMinutesSeconds(secondsLeft) }),
          resend: t('signIn:code.resend'),
          noMoreResends: t('signIn:code.noMoreResends'),
        }
      : {
          resendsLeft: t('signIn:push.resendsLeft', { count: resendsLeft }),
          resendIn: t('signIn:push.resendIn', { time: formatMinutesSeconds(secondsLeft) }),
          resend: t('signIn:push.resend'),
          noMoreResends: t('signIn:push.noMoreResends'),
        };
  return (
    <Stack gap="xs">
      {notice ? (
        <Text size="sm" role="status">
          {notice} {resendsLeft > 0 ? texts.resendsLeft : null}
        </Text>
      ) : null}
      {errorMessage ? (
        <Text size="sm" c="red.9" role="alert">
          {errorMessage}
        </Text>
      ) : null}
      {resendsLeft > 0 ? (
        <Button variant="default" fullWidth disabled={secondsLeft > 0} loading={isResending} onClick={onResend}>
          {secondsLeft > 0 ? texts.resendIn : texts.resend}
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          {texts.noMoreResends}
        </Text>
      )}
    </Stack>
  );
}
