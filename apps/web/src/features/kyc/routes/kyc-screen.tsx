import '@mantine/core/styles/Skeleton.layer.css';
import { Alert, Anchor, Button, Divider, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDocuments } from '../api/get-documents';
import { useSubmitKyc } from '../api/submit-kyc';
import { useStartVideoIdentity } from '../api/video-identity';
import { hasDueDiligenceInfo } from '@app/shared/api/verification';
import { AddressProofForm } from '../components/address-proof-form';
import { DueDiligenceSection } from '../components/due-diligence-section';
import { DocumentList } from '../components/document-list';
import { IdentityDocumentForm } from '../components/identity-document-form';
import classes from './kyc.module.css';

function Section({ id, title, hint, children }: { id: string; title: string; hint: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {hint}
      </Text>
      {children}
    </Paper>
  );
}

/**
 * `kyc` (spec 000 §2, §4 "After login" rule 6): the KYC request. The customer uploads an identity
 * document and a proof of address, then sends them for review; the status above says where they stand.
 */
export function KycScreen({
  status,
  isNeedKyc,
  dueDiligenceLevel,
}: {
  status: ReactNode;
  isNeedKyc: boolean;
  dueDiligenceLevel: number | undefined;
}) {
  const { t } = useTranslation('kyc');
  useDocumentTitle(t('title'));
  const navigate = useNavigate();
  const documents = useDocuments();
  const submit = useSubmitKyc();
  const startVideo = useStartVideoIdentity();
  const list = documents.data?.documents ?? [];
  const identity = list.filter((document) => document.kind === 'identity');
  const address = list.filter((document) => document.kind === 'address');
  const canSubmit = identity.length > 0 && address.length > 0;

  return (
    <div className={classes.page}>
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('intro')}
          </Text>
        </div>
        {status}
        {documents.isError ? <ErrorAlert error={documents.error} title={t('list.loadFailed')} /> : null}

        <Section id="kyc-identity-title" title={t('identity.title')} hint={t('identity.hint')}>
          <IdentityDocumentForm />
          <Divider my="md" />
          {documents.isPending ? (
            <Skeleton height={40} />
          ) : (
            <DocumentList documents={identity} emptyText={t('list.noIdentity')} />
          )}
        </Section>

        <Section id="kyc-address-title" title={t('address.title')} hint={t('address.hint')}>
          <AddressProofForm />
          <Divider my="md" />
          {documents.isPending ? (
            <Skeleton height={40} />
          ) : (
            <DocumentList documents={address} emptyText={t('list.noAddress')} />
          )}
        </Section>

        <DueDiligenceSection isEnabled={hasDueDiligenceInfo(dueDiligenceLevel)} />

        <Section id="kyc-video-title" title={t('video.title')} hint={t('video.hint')}>
          {startVideo.isError ? <ErrorAlert error={startVideo.error} /> : null}
          <Group gap="sm">
            <Button
              variant="default"
              loading={startVideo.isPending}
              onClick={() =>
                startVideo.mutate(undefined, {
                  onSuccess: ({ job }) => void navigate(`/video-identity-job/${job.id}`),
                })
              }
            >
              {t('video.start')}
            </Button>
            <Text size="xs" c="dimmed">
              {t('video.sandbox')}
            </Text>
          </Group>
        </Section>

        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="kyc-submit-title">
          <Title order={2} size="h4" id="kyc-submit-title">
            {t('submit.title')}
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {canSubmit ? t('submit.ready') : t('submit.notReady')}
          </Text>
          {submit.isError ? <ErrorAlert error={submit.error} /> : null}
          {submit.isSuccess || !isNeedKyc ? (
            <Alert color="brand" variant="light" role="status" title={t('submit.doneTitle')} mb="md">
              {t('submit.done')}
            </Alert>
          ) : null}
          <Group gap="md">
            {isNeedKyc ? (
              <Button disabled={!canSubmit} loading={submit.isPending} onClick={() => submit.mutate()}>
                {t('submit.button')}
              </Button>
            ) : null}
            <Anchor component={Link} to="/home" fw={600}>
              {t('submit.toAccounts')}
            </Anchor>
          </Group>
        </Paper>
      </Stack>
    </div>
  );
}
