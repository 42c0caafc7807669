import '@mantine/core/styles/List.layer.css';
import { Anchor, Button, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useBrand } from '../../../lib/runtime-config';
import { useAcceptTerms } from '../api/accept-terms';
import { usePendingTerms } from '../api/get-pending-terms';

export interface TermsAcceptanceProps {
  /** Continues where sign-in left off; may throw, and the error is shown here. */
  onAccepted: () => Promise<void>;
  onSignOut: () => void;
}

/** The TE case: list the terms to accept, each with its link; one button accepts them all. */
export function TermsAcceptance({ onAccepted, onSignOut }: TermsAcceptanceProps) {
  const { t } = useTranslation('terms');
  const brand = useBrand();
  const pending = usePendingTerms();
  const accept = useAcceptTerms();
  const [continueError, setContinueError] = useState<unknown>(null);
  const [isContinuing, setIsContinuing] = useState(false);

  async function continueOn() {
    setContinueError(null);
    setIsContinuing(true);
    try {
      await onAccepted();
    } catch (error) {
      setContinueError(error);
    } finally {
      setIsContinuing(false);
    }
  }

  async function handleAccept(termIds: number[]) {
    if (termIds.length > 0) await accept.mutateAsync({ termIds });
    await continueOn();
  }

  const terms = pending.data?.terms ?? [];
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed">{t('intro', { brand: brand.name })}</Text>
      </Stack>
      {pending.isPending ? (
        <Stack gap="xs" aria-busy>
          <Skeleton height={20} />
          <Skeleton height={20} width="80%" />
        </Stack>
      ) : pending.error ? (
        <ErrorAlert error={pending.error} />
      ) : terms.length === 0 ? (
        <Text>{t('none')}</Text>
      ) : (
        <List spacing="sm">
          {terms.map((item) => (
            <List.Item key={item.id}>
              <Anchor href={item.url} target="_blank" rel="noreferrer" fw={500}>
                {item.title}
              </Anchor>
              <Text span size="sm" c="dimmed">
                {' '}
                · {t('version', { version: item.version })} · {t('opensInNewTab')}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
      {accept.error ? <ErrorAlert error={accept.error} /> : null}
      {continueError ? <ErrorAlert error={continueError} /> : null}
      <Stack gap="xs">
        <Button
          size="md"
          fullWidth
          disabled={pending.isPending || Boolean(pending.error)}
          loading={accept.isPending || isContinuing}
          onClick={() => void handleAccept(terms.map((item) => item.id)).catch(() => undefined)}
        >
          {terms.length === 0 ? t('continue') : t('accept')}
        </Button>
        <Button variant="subtle" color="gray.8" fullWidth onClick={onSignOut}>
          {t('signOut')}
        </Button>
      </Stack>
    </Stack>
  );
}
