import type { HistoryFilterInput } from '@app/shared/api/history';
import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useDisplayLanguage } from '../../../components/money';
import { formatDateTime } from '../../../lib/format';
import { useDownloadHistoryExport } from '../api/download-history-export';
import { useHistoryExport } from '../api/get-history-export';
import { useSendHistoryExport } from '../api/send-history-export';
import { useStartHistoryExport } from '../api/start-history-export';
import { setActiveExportId, useActiveExportId } from '../hooks/use-active-export';

export interface ExportPanelProps {
  /** The filter of the list on screen: the export holds everything it matches. */
  filter: HistoryFilterInput;
  /** Something matches the filter (the server's `exportCsv`). */
  canExport: boolean;
}

/** CSV export of the history: start → the file is prepared → download it, or have it e-mailed. */
export function ExportPanel({ filter, canExport }: ExportPanelProps) {
  const { t } = useTranslation('history');
  const language = useDisplayLanguage();
  const exportId = useActiveExportId();
  const start = useStartHistoryExport();
  const status = useHistoryExport(exportId);
  const download = useDownloadHistoryExport();
  const send = useSendHistoryExport();
  const current = status.data;

  function startExport() {
    send.reset();
    download.reset();
    start.mutate(filter, { onSuccess: (started) => setActiveExportId(started.exportId) });
  }

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Text fw={600} component="h2" size="md" m={0}>
            {t('export.title')}
          </Text>
          <Button variant="default" onClick={startExport} loading={start.isPending} disabled={!canExport}>
            {current ? t('export.startAgain') : t('export.start')}
          </Button>
        </Group>
        {!canExport && !current ? (
          <Text size="sm" c="dimmed">
            {t('export.nothing')}
          </Text>
        ) : null}
        {start.error ? <ErrorAlert error={start.error} title={t('export.startFailed')} /> : null}
        {status.error && !current ? <ErrorAlert error={status.error} title={t('export.statusFailed')} /> : null}
        <div aria-live="polite">
          {current?.status === 'preparing' ? (
            <Group gap="xs" role="status">
              <Loader size="sm" aria-hidden />
              <Text size="sm">{t('export.preparing')}</Text>
            </Group>
          ) : null}
          {current?.status === 'ready' ? (
            <Stack gap="xs">
              <Text size="sm" role="status">
                {t('export.ready', { count: current.rowCount ?? 0 })}
              </Text>
              {current.isTruncated ? (
                <Text size="sm" c="dimmed">
                  {t('export.truncated')}
                </Text>
              ) : null}
              <Text size="xs" c="dimmed">
                {t('export.expires', { date: formatDateTime(current.expiresAt, language) })}
              </Text>
              <Group gap="sm">
                <Button onClick={() => download.mutate(current)} loading={download.isPending}>
                  {t('export.download')}
                </Button>
                <Button
                  variant="default"
                  onClick={() => send.mutate(current.exportId)}
                  loading={send.isPending}
                  disabled={send.isSuccess}
                >
                  {t('export.send')}
                </Button>
              </Group>
            </Stack>
          ) : null}
          {current?.status === 'expired' ? (
            <Text size="sm" role="status">
              {t('export.expired')}
            </Text>
          ) : null}
          {send.isSuccess ? (
            <Alert variant="default" mt="xs" title={t('export.sentTitle')}>
              <Text size="sm">{t('export.sent', { email: send.data })}</Text>
            </Alert>
          ) : null}
        </div>
        {download.error ? <ErrorAlert error={download.error} title={t('export.downloadFailed')} /> : null}
        {send.error ? <ErrorAlert error={send.error} title={t('export.sendFailed')} /> : null}
      </Stack>
    </Paper>
  );
}
