import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Last resort for a route that failed to load or render (often a stale chunk after a deploy). */
export function RouteErrorPage() {
  const { t } = useTranslation('common');
  return (
    <Center mih="60vh" p="md">
      <Stack gap="md" maw={420} role="alert">
        <Title order={1} size="h2">
          {t('routeError.title')}
        </Title>
        <Text>{t('routeError.body')}</Text>
        <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
      </Stack>
    </Center>
  );
}
