import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import { Badge, Button, Group, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useDisplayLanguage } from '../../../components/money';
import { isApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { useDeleteIpAllowListEntry } from '../api/delete-ip-allow-list-entry';
import { useIpAllowList } from '../api/get-ip-allow-list';
import { useSetIpAllowListMode } from '../api/set-ip-allow-list-mode';
import { AddIpDialog } from './add-ip-dialog';
import { LockoutConfirmDialog, type LockoutReason } from './lockout-confirm-dialog';

/** The server refuses a change that would block the caller's address until it is confirmed. */
function isLockoutRefusal(error: unknown): boolean {
  return isApiError(error) && error.validationErrors.some((item) => item.field === 'confirmed');
}

type PendingLockout = { reason: LockoutReason; run: () => void } | null;

/**
 * The IP allow-list (spec 001 §3 "IP allow-list entry", §4 "Security"): the addresses, the mode,
 * and the address this browser uses now, so a change that would lock this session out is warned
 * about and confirmed first.
 */
export function IpAllowListSection() {
  const { t } = useTranslation('accessLists');
  const language = useDisplayLanguage();
  const allowList = useIpAllowList();
  const setMode = useSetIpAllowListMode();
  const deleteEntry = useDeleteIpAllowListEntry();
  const [isAdding, setIsAdding] = useState(false);
  const [pendingLockout, setPendingLockout] = useState<PendingLockout>(null);
  const data = allowList.data;
  const isOn = data?.accessIpMode === 1;

  function turnOn() {
    if (data === undefined) return;
    const run = () => setMode.mutate({ enable: true, confirmed: true }, { onSettled: () => setPendingLockout(null) });
    if (data.list.length === 0) setPendingLockout({ reason: 'emptyList', run });
    else if (!data.isCurrentIpAllowed) setPendingLockout({ reason: 'currentNotListed', run });
    else setMode.mutate({ enable: true, confirmed: false });
  }

  function remove(id: number) {
    deleteEntry.mutate(
      { id, confirmed: false },
      {
        onError: (error) => {
          if (!isLockoutRefusal(error)) return;
          setPendingLockout({
            reason: 'deleteCurrent',
            run: () => deleteEntry.mutate({ id, confirmed: true }, { onSettled: () => setPendingLockout(null) }),
          });
        },
      },
    );
  }

  const visibleDeleteError =
    deleteEntry.error !== null && !isLockoutRefusal(deleteEntry.error) ? deleteEntry.error : null;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="ip-allow-list-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="ip-allow-list-title">
          {t('ipAllowList.title')}
        </Title>
        <Text size="sm">{t('ipAllowList.intro')}</Text>
        {allowList.isPending ? <Skeleton height={80} /> : null}
        {allowList.error ? <ErrorAlert error={allowList.error} /> : null}
        {data ? (
          <>
            <Group gap="xs" wrap="wrap">
              <Text size="sm">{t('ipAllowList.currentIp', { ip: data.currentIp })}</Text>
              <Badge color={data.isCurrentIpAllowed ? 'teal.9' : 'red.9'} variant="filled">
                {data.isCurrentIpAllowed ? t('ipAllowList.currentListed') : t('ipAllowList.currentNotListed')}
              </Badge>
            </Group>
            <Switch
              checked={isOn}
              disabled={setMode.isPending}
              onChange={(event) => {
                if (event.currentTarget.checked) turnOn();
                else setMode.mutate({ enable: false, confirmed: false });
              }}
              label={t('ipAllowList.modeLabel')}
              description={isOn ? t('ipAllowList.modeOn') : t('ipAllowList.modeOff')}
            />
            {setMode.error && !isLockoutRefusal(setMode.error) ? <ErrorAlert error={setMode.error} /> : null}
            {visibleDeleteError ? <ErrorAlert error={visibleDeleteError} /> : null}
            {data.list.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('ipAllowList.empty')}
              </Text>
            ) : (
              <Stack
                gap="xs"
                component="ul"
                aria-label={t('ipAllowList.listLabel')}
                style={{ listStyle: 'none', padding: 0, margin: 0 }}
              >
                {data.list.map((entry) => {
                  const address =
                    entry.toIp === undefined ? entry.ip : t('ipAllowList.range', { from: entry.ip, to: entry.toIp });
                  return (
                    <Group key={entry.id} component="li" justify="space-between" wrap="wrap" gap="xs">
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {address}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {t('ipAllowList.added', { date: formatDate(entry.created, language) })}
                        </Text>
                      </Stack>
                      <Button
                        variant="default"
                        size="xs"
                        loading={deleteEntry.isPending && deleteEntry.variables.id === entry.id}
                        onClick={() => remove(entry.id)}
                        aria-label={t('ipAllowList.deleteNamed', { address })}
                      >
                        {t('ipAllowList.delete')}
                      </Button>
                    </Group>
                  );
                })}
              </Stack>
            )}
            <Group>
              <Button variant="default" onClick={() => setIsAdding(true)}>
                {t('ipAllowList.add')}
              </Button>
            </Group>
            <AddIpDialog opened={isAdding} currentIp={data.currentIp} onClose={() => setIsAdding(false)} />
          </>
        ) : null}
        <LockoutConfirmDialog
          reason={pendingLockout?.reason ?? null}
          currentIp={data?.currentIp ?? ''}
          isPending={setMode.isPending || deleteEntry.isPending}
          onConfirm={() => pendingLockout?.run()}
          onCancel={() => {
            setPendingLockout(null);
            deleteEntry.reset();
          }}
        />
      </Stack>
    </Paper>
  );
}
