import '@mantine/core/styles/Card.layer.css';
import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBrand } from '../../../lib/runtime-config';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { RegistrationClosed } from '../components/registration-closed';

export interface RegisterChoiceProps {
  /** Whether the business registration screen exists in this build (route-registry). */
  isBusinessAvailable: boolean;
}

function ChoiceCard({ to, title, body, action }: { to: string; title: string; body: string; action: string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap={6}>
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text size="sm">{body}</Text>
        <Anchor component={Link} to={to} fw={600}>
          {action}
        </Anchor>
      </Stack>
    </Card>
  );
}

/** `register` (spec 000 §2): which account to open. Business appears once its screen exists. */
export function RegisterChoice({ isBusinessAvailable }: RegisterChoiceProps) {
  const { t } = useTranslation('registration');
  const brand = useBrand();
  useDocumentTitle(t('choice.title'));
  if (!brand.registration.isSelfRegistrationEnabled) return <RegistrationClosed />;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('choice.title')}
        </Title>
        <Text c="dimmed">{t('choice.subtitle', { brand: brand.name })}</Text>
      </Stack>
      <ChoiceCard
        to="/register/personal"
        title={t('choice.personal.title')}
        body={t('choice.personal.body')}
        action={t('choice.personal.action')}
      />
      {isBusinessAvailable ? (
        <ChoiceCard
          to="/register/business"
          title={t('choice.business.title')}
          body={t('choice.business.body')}
          action={t('choice.business.action')}
        />
      ) : null}
      <Text size="sm">
        {t('choice.haveAccount')}{' '}
        <Anchor component={Link} to="/login" size="sm">
          {t('choice.signIn')}
        </Anchor>
      </Text>
    </Stack>
  );
}
