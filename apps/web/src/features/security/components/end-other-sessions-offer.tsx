import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useEndOtherSessions } from '../api/sessions';

/** After a factor or password change: someone signed in elsewhere keeps their session until it is ended. */
export function EndOtherSessionsOffer() {
  const { t } = useTranslation('security');
  const endOthers = useEndOtherSessions();
  if (endOthers.isSuccess) {
    return <Text size="sm">{t('sessions.endedOthers', { count: endOthers.data })}</Text>;
  }
  return (
    <>
      <Text size="sm">{t('sessions.offer')}</Text>
      {endOthers.error ? <ErrorAlert error={endOthers.error} /> : null}
      <Button size="xs" variant="default" loading={endOthers.isPending} onClick={() => endOthers.mutate()}>
        {t('sessions.endOthers')}
      </Button>
    </>
  );
}
