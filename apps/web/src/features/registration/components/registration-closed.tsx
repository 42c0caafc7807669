import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../../lib/runtime-config';

/** A brand without self-registration (spec 000 §1) says how to open an account instead. */
export function RegistrationClosed() {
  const { t } = useTranslation('registration');
  const brand = useBrand();
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        {t('closed.title')}
      </Title>
      <Text>{t('closed.body', { brand: brand.name })}</Text>
      <Anchor href={`mailto:${brand.support.email}`}>{brand.support.email}</Anchor>
    </Stack>
  );
}
