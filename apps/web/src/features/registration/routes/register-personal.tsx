import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useBrand } from '../../../lib/runtime-config';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PersonalRegistrationForm } from '../components/personal-registration-form';
import { RegistrationClosed } from '../components/registration-closed';
import type { ActivateLocationState } from './activate';

/** `register/personal`: the form, then the activation screen with the e-mail the code went to. */
export default function RegisterPersonalRoute() {
  const { t } = useTranslation('registration');
  const brand = useBrand();
  const navigate = useNavigate();
  useDocumentTitle(t('personal.title'));
  if (!brand.registration.isSelfRegistrationEnabled) return <RegistrationClosed />;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('personal.title')}
        </Title>
        <Text c="dimmed">{t('personal.subtitle')}</Text>
      </Stack>
      <PersonalRegistrationForm
        onRegistered={(result) =>
          void navigate('/activate', {
            state: { login: result.login, isJustRegistered: true } satisfies ActivateLocationState,
          })
        }
      />
      <Text size="sm">
        {t('choice.haveAccount')}{' '}
        <Anchor component={Link} to="/login" size="sm">
          {t('choice.signIn')}
        </Anchor>
      </Text>
    </Stack>
  );
}
