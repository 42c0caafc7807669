import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ErrorTextKey } from '../lib/error-message';
import { userFacingError } from '../lib/error-message';

/** A failed call in words the customer understands, with the catalogue code in small print for support. */
export function ErrorAlert({ error, title }: { error: unknown; title?: string }) {
  const { t } = useTranslation('common');
  const { message, code } = userFacingError(error, (key: ErrorTextKey) => t(`errors.${key}`));
  return (
    <Alert color="red" variant="light" title={title ?? t('errors.title')} role="alert">
      <Text size="sm">{message}</Text>
      {code ? (
        <Text size="xs" c="dimmed" mt={4}>
          {t('errors.supportCode', { code })}
        </Text>
      ) : null}
    </Alert>
  );
}
