import type { RecentTransfer, TransferTemplate } from '@app/shared/api/transfers';
import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { formatMoney, useDisplayLanguage } from '../../../components/money';
import { useRecentP2PTransfers } from '../api/get-recent-p2p';
import { useDeleteTransferTemplate, useTransferTemplates } from '../api/transfer-templates';

export interface P2PShortcutsProps {
  onPickRecent: (transfer: RecentTransfer) => void;
  onPickTemplate: (template: TransferTemplate) => void;
}

/** The last three people paid (spec 001 §9) and saved templates: a repeat payment in one click. */
export function P2PShortcuts({ onPickRecent, onPickTemplate }: P2PShortcutsProps) {
  const { t } = useTranslation('transfers');
  const language = useDisplayLanguage();
  const recent = useRecentP2PTransfers();
  const templates = useTransferTemplates();
  const remove = useDeleteTransferTemplate();
  const [templateId, setTemplateId] = useState('');
  const p2pTemplates = (templates.data ?? []).filter((template) => template.type === 'p2p');
  const chosen = p2pTemplates.find((template) => String(template.id) === templateId);
  const recentPayees = (recent.data ?? []).filter((transfer) => transfer.toEmail !== undefined);

  if (recentPayees.length === 0 && p2pTemplates.length === 0) return null;
  return (
    <Stack gap="sm">
      {recentPayees.length > 0 ? (
        <div>
          <Text size="sm" fw={500} id="p2p-recent-label" mb={4}>
            {t('p2p.recent')}
          </Text>
          <Group gap="xs" role="group" aria-labelledby="p2p-recent-label">
            {recentPayees.map((transfer) => (
              <Button key={transfer.transactionId} variant="light" radius="xl" onClick={() => onPickRecent(transfer)}>
                {transfer.toEmail}
              </Button>
            ))}
          </Group>
        </div>
      ) : null}
      {p2pTemplates.length > 0 ? (
        <Group align="flex-end" gap="sm">
          <NativeSelect
            label={t('p2p.template')}
            value={templateId}
            onChange={(event) => {
              const id = event.currentTarget.value;
              setTemplateId(id);
              const template = p2pTemplates.find((item) => String(item.id) === id);
              if (template) onPickTemplate(template);
            }}
            data={[
              { value: '', label: t('p2p.templateNone') },
              ...p2pTemplates.map((template) => ({
                value: String(template.id),
                label: `${template.name} — ${template.toEmail ?? ''} · ${formatMoney(template.amount, template.currencyCode, language)}`,
              })),
            ]}
            style={{ flex: '1 1 260px' }}
          />
          {chosen ? (
            <Button
              variant="subtle"
              color="red.9"
              loading={remove.isPending}
              onClick={() => remove.mutate(chosen.id, { onSuccess: () => setTemplateId('') })}
            >
              {t('p2p.templateDelete')}
            </Button>
          ) : null}
        </Group>
      ) : null}
      {remove.error ? <ErrorAlert error={remove.error} title={t('p2p.templateDeleteFailed')} /> : null}
    </Stack>
  );
}
