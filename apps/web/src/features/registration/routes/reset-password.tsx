import { Anchor, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PasswordResetFlow } from '../components/password-reset-flow';

/** `reset-password`: forgot password, from the e-mail to the new password. */
export default function ResetPasswordRoute() {
  const { t } = useTranslation('registration');
  const navigate = useNavigate();
  useDocumentTitle(t('reset.title'));
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('reset.title')}
      </Title>
      <PasswordResetFlow onSignIn={() => void navigate('/login', { replace: true })} />
      <Anchor component={Link} to="/login" size="sm">
        {t('reset.backToSignIn')}
      </Anchor>
    </Stack>
  );
}
