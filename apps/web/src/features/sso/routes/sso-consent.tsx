import '@mantine/core/styles/Skeleton.layer.css';
import { ssoAuthorizeRequestSchema, type SsoAuthorization, type SsoDecision } from '@app/shared/api/sso';
import { Alert, Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDecideAuthorization } from '../api/decide-authorization';
import { useStartAuthorization } from '../api/start-authorization';
import { ConsentCard } from '../components/consent-card';

const REQUEST_PARAMS = ['clientId', 'redirectUri', 'scope', 'state', 'codeChallenge', 'codeChallengeMethod'] as const;

/** The relying party's request as the URL carries it; absent parameters stay absent. */
function requestOf(searchParams: URLSearchParams) {
  const raw: Record<string, string> = {};
  for (const name of REQUEST_PARAMS) {
    const value = searchParams.get(name);
    if (value !== null) raw[name] = value;
  }
  return raw;
}

/** Spec 000 §8: a single sign-on request the server does not know (404) sends the customer home. */
function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/**
 * `auth/sei` (spec 000 §2, §7): a relying party sends the signed-in customer here to ask for consent.
 * The request is checked by the server before anything is shown; a bad one is never redirected back,
 * because its return address is exactly what cannot be trusted.
 */
export default function SsoConsentRoute() {
  const { t } = useTranslation('sso');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const start = useStartAuthorization();
  const decide = useDecideAuthorization();
  const [authorization, setAuthorization] = useState<SsoAuthorization | null>(null);
  const [pendingDecision, setPendingDecision] = useState<SsoDecision | null>(null);
  const startedFor = useRef<string | null>(null);
  useDocumentTitle(t('consent.documentTitle'));

  const query = searchParams.toString();
  const request = useMemo(() => ssoAuthorizeRequestSchema.safeParse(requestOf(new URLSearchParams(query))), [query]);
  const { mutateAsync: startAuthorization } = start;

  // One authorization per visit, also when effects run twice in development.
  useEffect(() => {
    if (!request.success || startedFor.current === query) return;
    startedFor.current = query;
    // Sent as the relying party wrote it; the parse above only keeps a malformed request from the server.
    startAuthorization({ ...request.data, scope: request.data.scope.join(' ') }).then(
      setAuthorization,
      () => undefined,
    );
  }, [request, query, startAuthorization]);

  useEffect(() => {
    if (isNotFound(start.error) || isNotFound(decide.error)) void navigate('/home', { replace: true });
  }, [start.error, decide.error, navigate]);

  async function handleDecide(decision: SsoDecision) {
    if (authorization === null) return;
    setPendingDecision(decision);
    try {
      const redirectUrl = await decide.mutateAsync({ authorizationId: authorization.authorizationId, decision });
      // The relying party is another site: a full navigation, never a route of this app.
      window.location.assign(redirectUrl);
    } catch {
      setPendingDecision(null);
    }
  }

  // Mutation errors are null when there is none.
  const error: unknown = !request.success ? 'invalid' : (start.error ?? decide.error);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', xs: 'xl' }} maw={560}>
      {error !== null ? (
        <Stack gap="md" align="flex-start">
          {error === 'invalid' ? (
            <Alert color="red" variant="light" role="alert" title={t('errors.invalidRequestTitle')}>
              <Text size="sm">{t('errors.invalidRequest')}</Text>
            </Alert>
          ) : (
            <ErrorAlert error={error} title={t('errors.failedTitle')} />
          )}
          <Button component={Link} to="/home" variant="default">
            {t('errors.home')}
          </Button>
        </Stack>
      ) : authorization === null ? (
        <Stack gap="sm" aria-busy aria-label={t('consent.loading')}>
          <Skeleton height={28} width="70%" />
          <Skeleton height={16} />
          <Skeleton height={16} width="60%" />
        </Stack>
      ) : (
        <ConsentCard
          authorization={authorization}
          pendingDecision={pendingDecision}
          onDecide={(decision) => void handleDecide(decision)}
        />
      )}
    </Paper>
  );
}
