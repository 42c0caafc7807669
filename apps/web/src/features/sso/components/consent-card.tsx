import '@mantine/core/styles/List.layer.css';
import type { SsoAuthorization, SsoDecision } from '@app/shared/api/sso';
import { Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../../lib/runtime-config';

export interface ConsentCardProps {
  authorization: SsoAuthorization;
  /** The answer being sent, if any: both buttons wait for it. */
  pendingDecision: SsoDecision | null;
  onDecide: (decision: SsoDecision) => void;
}

/**
 * What the relying party asks for, in words, and where the customer goes back to; one primary action
 * (allow) and a quieter one (decline), as UI.md asks.
 */
export function ConsentCard({ authorization, pendingDecision, onDecide }: ConsentCardProps) {
  const { t } = useTranslation('sso');
  const brand = useBrand();
  const clientName = authorization.client.name;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('consent.title', { client: clientName })}
        </Title>
        <Text c="dimmed">{t('consent.intro', { client: clientName, brand: brand.name })}</Text>
      </Stack>
      <Stack gap={4}>
        <Text fw={600}>{t('consent.asksFor', { client: clientName })}</Text>
        <List spacing={4}>
          {authorization.scopes.map((scope) => (
            <List.Item key={scope}>{t(`scopes.${scope}`)}</List.Item>
          ))}
        </List>
      </Stack>
      <Text size="sm">{t('consent.returnTo', { origin: authorization.redirectOrigin })}</Text>
      <Text size="sm" c="dimmed">
        {t('consent.noPassword', { client: clientName })}
      </Text>
      <Group gap="sm" justify="flex-end">
        <Button
          variant="default"
          onClick={() => onDecide('decline')}
          loading={pendingDecision === 'decline'}
          disabled={pendingDecision !== null}
          loaderProps={{ 'aria-label': t('consent.declining') }}
        >
          {t('consent.decline')}
        </Button>
        <Button
          onClick={() => onDecide('approve')}
          loading={pendingDecision === 'approve'}
          disabled={pendingDecision !== null}
          loaderProps={{ 'aria-label': t('consent.allowing') }}
        >
          {t('consent.allow')}
        </Button>
      </Group>
    </Stack>
  );
}
