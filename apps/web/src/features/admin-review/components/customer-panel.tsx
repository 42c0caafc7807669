import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import { LIMIT_DOCUMENT_TYPE_IDS } from '@app/shared/api/documents';
import { Alert, Badge, Button, Checkbox, Group, Paper, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useCustomerDecisions } from '../api/customer-decisions';
import { useCustomerVerification } from '../api/get-customer-verification';

/** A customer under review: the computed status, and verify, limit or unlimit. */
export function CustomerPanel({ customerId }: { customerId: number }) {
  const { t } = useTranslation('adminReview');
  const customer = useCustomerVerification(customerId);
  const decisions = useCustomerDecisions();
  const [isLimiting, setIsLimiting] = useState(false);
  const [reason, setReason] = useState('');
  const [documentTypes, setDocumentTypes] = useState<string[]>([]);
  const [reasonError, setReasonError] = useState<string | undefined>();
  const failed = [decisions.verify, decisions.limit, decisions.unlimit].find((mutation) => mutation.isError);

  if (customer.isPending) return <Skeleton height={140} />;
  if (customer.isError) return <ErrorAlert error={customer.error} title={t('customer.loadFailed')} />;
  const data = customer.data;

  function limit() {
    if (reason.trim().length < 3) {
      setReasonError(t('customer.limitReasonRequired'));
      return;
    }
    decisions.limit.mutate(
      {
        customerId,
        reasons: [
          {
            actionTypeId: documentTypes.length > 0 ? 1 : 2,
            reason: reason.trim(),
            requiredDocumentTypeIds: documentTypes.map(Number) as (typeof LIMIT_DOCUMENT_TYPE_IDS)[number][],
          },
        ],
      },
      {
        onSuccess: () => {
          setIsLimiting(false);
          setReason('');
          setDocumentTypes([]);
        },
      },
    );
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="review-customer-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="review-customer-title">
            {data.customerName || t('queue.unnamed')}
          </Title>
          <Group gap={4}>
            <Badge color={data.verified ? 'teal.9' : '#b34a0b'} variant="filled" radius="sm">
              {data.verified ? t('customer.verified') : t('customer.notVerified')}
            </Badge>
            {data.limited ? (
              <Badge color="red.9" variant="filled" radius="sm">
                {t('customer.limited')}
              </Badge>
            ) : null}
          </Group>
        </Group>
        <Text size="sm" data-testid="admin-verification-status">
          {t('customer.status', { status: t(`statuses.${data.verification.status}`) })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('customer.documents', { count: data.documents.length })}
        </Text>
        {failed?.error ? <ErrorAlert error={failed.error} /> : null}
        {decisions.verify.isSuccess ? (
          <Alert color="brand" variant="light" role="status">
            {t('customer.verifiedDone')}
          </Alert>
        ) : null}
        <Group gap="xs">
          {data.verified ? null : (
            <Button
              color="teal.9"
              loading={decisions.verify.isPending}
              onClick={() => decisions.verify.mutate(customerId)}
            >
              {t('customer.verify')}
            </Button>
          )}
          {data.limited ? (
            <Button
              variant="outline"
              loading={decisions.unlimit.isPending}
              onClick={() => decisions.unlimit.mutate(customerId)}
            >
              {t('customer.unlimit')}
            </Button>
          ) : (
            <Button
              variant="outline"
              color="red.9"
              onClick={() => setIsLimiting((value) => !value)}
              aria-expanded={isLimiting}
            >
              {t('customer.limit')}
            </Button>
          )}
        </Group>
        {isLimiting ? (
          <Stack gap="sm">
            <Textarea
              label={t('customer.limitReason')}
              value={reason}
              maxLength={500}
              autosize
              minRows={2}
              error={reasonError}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setReasonError(undefined);
              }}
            />
            <Checkbox.Group label={t('customer.limitDocuments')} value={documentTypes} onChange={setDocumentTypes}>
              <Stack gap={6} mt={6}>
                {LIMIT_DOCUMENT_TYPE_IDS.map((id) => (
                  <Checkbox key={id} value={String(id)} label={t(`documentTypes.${id}`)} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Button color="red.9" loading={decisions.limit.isPending} onClick={limit}>
              {t('customer.limitSend')}
            </Button>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
