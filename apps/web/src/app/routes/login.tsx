import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { BREAKPOINTS_PX } from '@app/shared/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useLocation, useNavigate } from 'react-router';
import { ErrorAlert } from '../../components/error-alert';
import { SignInFlow } from '../../features/auth/components/sign-in-flow';
import { getMobileBridge } from '../../lib/mobile-bridge';
import { useBrand } from '../../lib/runtime-config';
import { endSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthLayout } from '../layouts/auth-layout';
import { SignInBlockedError } from '../post-login/sign-in-blocked';
import { useQueryClientHolder } from '../query-client-context';
import { isRouteAvailable, pathOfRoute } from '../route-registry';
import type { LoginLocationState } from '../session/session-events';
import type { LoginLoaderData } from './login-loader';

const PHONE_QUERY = `(max-width: ${BREAKPOINTS_PX.mobile}px)`;

function noticeOf(state: unknown): LoginLocationState['notice'] {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return undefined;
  const notice = (state as LoginLocationState).notice;
  return notice === 'idle' || notice === 'expired' || notice === 'signedOut' ? notice : undefined;
}

/** Why the last sign-in could not go on: no customer to act for, or the customer did not load. */
function BlockingError({ error }: { error: unknown }) {
  const { t } = useTranslation('auth');
  if (error instanceof SignInBlockedError) {
    return (
      <Alert color="red" variant="light" role="alert" title={t('errors.noCustomerAccessTitle')}>
        <Text size="sm">{t('errors.noCustomerAccess')}</Text>
      </Alert>
    );
  }
  return <ErrorAlert error={error} title={t('errors.customerInfoFailed')} />;
}

/** The sign-in card: every sign-in flow, why a previous session ended, and links to screens that exist. */
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

  async function handleSignedIn(): Promise<boolean> {
    setSignInError(null);
    // Inside the mobile app the whole page waits under one loader while routing decides.
    const hideLoader = getMobileBridge().showLoader();
    try {
      const [{ continueAfterSignIn }, queryClient] = await Promise.all([
        import('../post-login/post-login-navigation'),
        queryClientHolder.load(),
      ]);
      await continueAfterSignIn(queryClient, navigate);
      return true;
    } catch (error) {
      // Spec 000 §4: a failed customer-info load blocks sign-in.
      endSession('customerInfoFailed');
      setSignInError(error);
      return false;
    } finally {
      hideLoader();
    }
  }

  async function handleSetUpSecondFactor() {
    const isPhone = getMobileBridge().isAvailable || window.matchMedia(PHONE_QUERY).matches;
    await navigate(pathOfRoute(isPhone ? 'scp-mobile' : 'scp'));
  }

  const intro = (
    <>
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
      {blockingError ? <BlockingError error={blockingError} /> : null}
    </>
  );

  const footer =
    canResetPassword || canRegister ? (
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
    ) : null;

  return (
    <Stack gap="lg">
      <SignInFlow
        // A code sign-in that met a strict migration starts the flow at the set-up, even on this same screen.
        key={loaderData.setupRequirement?.tmpJwt ?? 'credentials'}
        intro={intro}
        footer={footer}
        onSignedIn={handleSignedIn}
        onSetUpSecondFactor={handleSetUpSecondFactor}
        initialSetupRequirement={loaderData.setupRequirement}
      />
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
