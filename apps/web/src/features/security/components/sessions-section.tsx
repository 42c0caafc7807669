import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDisplayLanguage } from '../../../components/money';
import { ErrorAlert } from '../../../components/error-alert';
import { formatDateTime } from '../../../lib/format';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions';
import { deviceLabel, locationLabel } from '../utils/labels';

/** Signed-in sessions: where and when, "end this session" for each other one and "end all others". */
export function SessionsSection() {
  const { t } = useTranslation(['security', 'common']);
  const { t: tSecurity } = useTranslation('security');
  const language = useDisplayLanguage();
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.sessions.filter((session) => !session.isCurrent) ?? [];

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="sessions-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="sessions-title">
          {t('security:sessions.title')}
        </Title>
        {sessions.isPending ? <Skeleton height={60} /> : null}
        {sessions.error ? <ErrorAlert error={sessions.error} /> : null}
        {endOne.error ? <ErrorAlert error={endOne.error} /> : null}
        {endOthers.error ? <ErrorAlert error={endOthers.error} /> : null}
        {sessions.data ? (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {sessions.data.sessions.map((session) => (
              <Group key={session.id} component="li" justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0}>
                  <Group gap="xs">
                    <Text fw={600}>{deviceLabel(tSecurity, session.device)}</Text>
                    {session.isCurrent ? (
                      <Badge color="teal.9" variant="filled" radius="sm">
                        {t('security:sessions.current')}
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {t('security:sessions.details', {
                      ip: session.ip,
                      location: locationLabel(tSecurity, session.location),
                      lastActive: formatDateTime(session.lastActiveAt, language),
                    })}
                  </Text>
                </Stack>
                {session.isCurrent ? null : (
                  <Button
                    variant="default"
                    size="xs"
                    loading={endOne.isPending && endOne.variables === session.id}
                    onClick={() => endOne.mutate(session.id)}
                    aria-label={t('security:sessions.endNamed', {
                      device: deviceLabel(tSecurity, session.device),
                      ip: session.ip,
                    })}
                  >
                    {t('security:sessions.end')}
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        ) : null}
        {others.length > 0 ? (
          <Group>
            <Button variant="default" loading={endOthers.isPending} onClick={() => endOthers.mutate()}>
              {t('security:sessions.endOthers')}
            </Button>
          </Group>
        ) : sessions.data ? (
          <Text size="sm">{t('security:sessions.onlyThis')}</Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
