import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useLocation, useNavigate } from 'react-router';
import { ErrorAlert } from '../../components/error-alert';
import { LoginForm } from '../../features/auth/components/login-form';
import { useBrand } from '../../lib/runtime-config';
import { endSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthLayout } from '../layouts/auth-layout';
import { useQueryClientHolder } from '../query-client-context';
import { isRouteAvailable, pathOfRoute } from '../route-registry';
import type { LoginLocationState } from '../session/session-events';
import type { LoginLoaderData } from './login-loader';

function noticeOf(state: unknown): LoginLocationState['notice'] {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return undefined;
  const notice = (state as LoginLocationState).notice;
  return notice === 'idle' || notice === 'expired' || notice === 'signedOut' ? notice : undefined;
}

/** The sign-in card: the form, why a previous session ended, and links to screens that exist. */
export function LoginScreen() {
  const { t } = useTranslation(['auth', 'common']);
  const brand = useBrand();
  const location = useLocation();
  const loaderData = useLoaderData<LoginLoaderData>();
  const queryClientHolder = useQueryClientHolder();
  const navigate = useNavigate();
  const [signInError, setSignInError] = useState<unknown>(null);
  useDocumentTitle(t('auth:login.title'));

  const notice = noticeOf(location.state);
  const blockingError = signInError ?? loaderData.resumeError;
  const canRegister = brand.registration.isSelfRegistrationEnabled && isRouteAvailable('register');
  const canResetPassword = isRouteAvailable('reset-password');

  async function handleSignedIn() {
    setSignInError(null);
    try {
      const [{ continueAfterSignIn }, queryClient] = await Promise.all([
        import('../post-login/post-login-navigation'),
        queryClientHolder.load(),
      ]);
      await continueAfterSignIn(queryClient, navigate);
    } catch (error) {
      // Spec 000 §4: a failed customer-info load blocks sign-in.
      endSession('customerInfoFailed');
      setSignInError(error);
    }
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('auth:login.title')}
        </Title>
        <Text c="dimmed">{t('auth:login.subtitle', { brand: brand.name })}</Text>
      </Stack>
      {notice ? (
        <Alert color="brand" variant="light" role="status">
          {t(`common:session.${notice}`)}
        </Alert>
      ) : null}
      {blockingError ? <ErrorAlert error={blockingError} title={t('auth:errors.customerInfoFailed')} /> : null}
      <LoginForm onSignedIn={handleSignedIn} />
      {canResetPassword || canRegister ? (
        <Group justify="space-between" gap="xs">
          {canResetPassword ? (
            <Anchor component={Link} to={pathOfRoute('reset-password')} size="sm">
              {t('auth:login.forgotPassword')}
            </Anchor>
          ) : null}
          {canRegister ? (
            <Text size="sm">
              {t('auth:login.noAccount', { brand: brand.name })}{' '}
              <Anchor component={Link} to={pathOfRoute('register')} size="sm">
                {t('auth:login.createAccount')}
              </Anchor>
            </Text>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}

export default function LoginRoute() {
  return (
    <AuthLayout>
      <LoginScreen />
    </AuthLayout>
  );
}
