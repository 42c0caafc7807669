import { Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ResultPopup } from '../../../components/result-popup';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSession } from '../../../lib/use-session';
import type { ActivateAccountResult } from '../api/activate-account';
import { useActivateAccount } from '../api/activate-account';
import { ActivationForm } from '../components/activation-form';
import { EmployeeActivationPopup } from '../components/employee-activation-popup';
import { activationActionOf, emailConfirmationOf } from '../utils/entry-query';

/** What the screen was left with after registering (router state, so the e-mail stays out of the URL). */
export interface ActivateLocationState {
  login?: string;
  isJustRegistered?: boolean;
}

function locationStateOf(state: unknown): ActivateLocationState {
  if (typeof state !== 'object' || state === null) return {};
  const { login, isJustRegistered } = state as Record<string, unknown>;
  return {
    login: typeof login === 'string' ? login : undefined,
    isJustRegistered: isJustRegistered === true,
  };
}

type Outcome =
  | { kind: 'activated'; message: string }
  | { kind: 'failed'; error: unknown }
  | { kind: 'emailConfirmation'; isConfirmed: boolean };

/**
 * `activate` (spec 000 §2, 001 §2): the typed activation, and the query-driven entries of mail links.
 * `?action=activation|activationBusiness` activates at once and shows the result popup;
 * `?action=activationEmployee` asks for the activation details in a popup first;
 * `?emailConfirmation=success|fail` shows the e-mail confirmation popup. After a popup the query is
 * dropped, so a reload does not send a used code again.
 */
export default function ActivateRoute() {
  const { t } = useTranslation(['registration', 'common']);
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const activate = useActivateAccount();
  useDocumentTitle(t('activate.title'));

  const action = activationActionOf(searchParams.get('action'));
  const username = searchParams.get('username') ?? '';
  const activationCode = searchParams.get('activationCode') ?? '';
  const emailConfirmation = emailConfirmationOf(searchParams.get('emailConfirmation'));
  const state = locationStateOf(location.state);
  const hasLinkDetails = action !== undefined && username !== '' && activationCode !== '';

  const [outcome, setOutcome] = useState<Outcome | null>(() =>
    emailConfirmation === undefined
      ? null
      : { kind: 'emailConfirmation', isConfirmed: emailConfirmation === 'success' },
  );
  const startedFor = useRef<string | null>(null);

  function successMessageOf(result: ActivateAccountResult): string {
    return result.customerType === 'business' ? t('activate.successBusiness') : t('activate.success');
  }

  // A link activates once: the guard holds when effects run again (new deps, the development double-run).
  const { mutateAsync: sendActivation } = activate;
  useEffect(() => {
    if (!hasLinkDetails || action === 'activationEmployee' || startedFor.current === activationCode) return;
    startedFor.current = activationCode;
    sendActivation({ username, activationCode }).then(
      (result) =>
        setOutcome({
          kind: 'activated',
          message: result.customerType === 'business' ? t('activate.successBusiness') : t('activate.success'),
        }),
      (error: unknown) => setOutcome({ kind: 'failed', error }),
    );
  }, [hasLinkDetails, action, username, activationCode, sendActivation, t]);

  function leaveForSignIn() {
    void navigate(session ? '/home' : '/login', { replace: true });
  }

  function closeOutcome() {
    if (outcome?.kind === 'failed') {
      setOutcome(null);
      // Stay to type the code or ask for a new one, with the e-mail filled in and the used link gone.
      void navigate('/activate', { replace: true, state: { login: username } satisfies ActivateLocationState });
      return;
    }
    leaveForSignIn();
  }

  const isActivatingLink = hasLinkDetails && action !== 'activationEmployee' && outcome === null;
  const isEmployeeLink = hasLinkDetails && action === 'activationEmployee' && outcome === null;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('activate.title')}
        </Title>
        <Text c="dimmed">{t('activate.subtitle')}</Text>
      </Stack>
      {isActivatingLink ? (
        <Stack align="center" gap="sm" role="status" aria-live="polite">
          <Loader aria-hidden />
          <Text>{t('activate.activating')}</Text>
        </Stack>
      ) : (
        <ActivationForm
          initialEmail={username !== '' ? username : (state.login ?? '')}
          isJustRegistered={state.isJustRegistered}
          onActivated={(result) => setOutcome({ kind: 'activated', message: successMessageOf(result) })}
        />
      )}
      <Text size="sm">
        {t('activate.haveActiveAccount')}{' '}
        <Anchor component={Link} to="/login" size="sm">
          {t('activate.signIn')}
        </Anchor>
      </Text>

      <EmployeeActivationPopup
        opened={isEmployeeLink}
        username={username}
        activationCode={activationCode}
        onActivated={(result) =>
          setOutcome({
            kind: 'activated',
            message:
              result.businessName === undefined
                ? t('activate.successEmployeeNoName')
                : t('activate.successEmployee', { business: result.businessName }),
          })
        }
        onClose={leaveForSignIn}
      />
      {outcome?.kind === 'activated' ? (
        <ResultPopup
          opened
          status="success"
          title={t('activate.successTitle')}
          message={outcome.message}
          onClose={closeOutcome}
        />
      ) : null}
      {outcome?.kind === 'failed' ? (
        <ResultPopup
          opened
          status="error"
          title={t('activate.failedTitle')}
          error={outcome.error}
          onClose={closeOutcome}
        />
      ) : null}
      {outcome?.kind === 'emailConfirmation' ? (
        <ResultPopup
          opened
          status={outcome.isConfirmed ? 'success' : 'error'}
          title={outcome.isConfirmed ? t('emailConfirmation.successTitle') : t('emailConfirmation.failTitle')}
          message={outcome.isConfirmed ? t('emailConfirmation.success') : t('emailConfirmation.fail')}
          onClose={closeOutcome}
        />
      ) : null}
    </Stack>
  );
}
