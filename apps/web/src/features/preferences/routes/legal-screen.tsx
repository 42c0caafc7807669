import '@mantine/core/styles/Skeleton.layer.css';
import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useDisplayLanguage } from '../../../components/money';
import { formatDate } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDownloadAgreement } from '../api/download-agreement';
import { useLegalInfo } from '../api/get-legal-info';

/**
 * `legal` (spec 001 §2 "legal info", §7): who provides the service and how to reach them, and the
 * agreements the user accepted, each downloadable as a PDF record.
 */
export function LegalScreen() {
  const { t } = useTranslation('preferences');
  const language = useDisplayLanguage();
  useDocumentTitle(t('legal.title'));
  const legal = useLegalInfo();
  const download = useDownloadAgreement();
  const data = legal.data;

  return (
    <Stack gap="lg" maw={760}>
      <Title order={1} size="h2">
        {t('legal.title')}
      </Title>
      {legal.isPending ? <Skeleton height={200} /> : null}
      {legal.error ? <ErrorAlert error={legal.error} /> : null}
      {data ? (
        <>
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="legal-provider">
            <Stack gap="xs">
              <Title order={2} size="h3" id="legal-provider">
                {t('legal.provider', { brand: data.brandName })}
              </Title>
              <Text fw={600}>{data.issuerName}</Text>
              <Text component="address" style={{ fontStyle: 'normal' }}>
                {data.address.map((line) => (
                  <span key={line} style={{ display: 'block' }}>
                    {line}
                  </span>
                ))}
              </Text>
              <Text size="sm">
                {t('legal.support')} <Anchor href={`mailto:${data.supportEmail}`}>{data.supportEmail}</Anchor>
                {', '}
                <Anchor href={`tel:${data.supportPhone.replace(/\s/g, '')}`}>{data.supportPhone}</Anchor>
              </Text>
              <Text size="sm" c="dimmed">
                {data.regulatorFooter}
              </Text>
            </Stack>
          </Paper>
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="legal-agreements">
            <Stack gap="sm">
              <Title order={2} size="h3" id="legal-agreements">
                {t('legal.agreements')}
              </Title>
              {download.error ? <ErrorAlert error={download.error} /> : null}
              {data.items.length === 0 ? (
                <Text c="dimmed">{t('legal.empty')}</Text>
              ) : (
                <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {data.items.map((item) => (
                    <Group key={item.id} component="li" justify="space-between" wrap="wrap" gap="xs">
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text fw={600}>{item.title}</Text>
                        <Text size="sm" c="dimmed">
                          {t('legal.accepted', { version: item.version, date: formatDate(item.acceptedAt, language) })}
                        </Text>
                      </Stack>
                      <Button
                        variant="default"
                        size="xs"
                        loading={download.isPending && download.variables.id === item.id}
                        onClick={() => download.mutate(item)}
                        aria-label={t('legal.downloadNamed', { title: item.title, version: item.version })}
                      >
                        {t('legal.download')}
                      </Button>
                    </Group>
                  ))}
                </Stack>
              )}
            </Stack>
          </Paper>
        </>
      ) : null}
    </Stack>
  );
}
