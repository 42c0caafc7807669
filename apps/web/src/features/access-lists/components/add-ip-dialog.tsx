import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type SubmitEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-error';
import { useAddIpAllowListEntry } from '../api/add-ip-allow-list-entry';
import { networkProblemOf, type NetworkProblem } from '../utils/ip-network';

interface AddIpDialogProps {
  opened: boolean;
  currentIp: string;
  onClose: () => void;
}

/**
 * The "add IP" popup (spec 001 §2): one address, a network in CIDR form, or a range from the first
 * to the last address.
 */
export function AddIpDialog({ opened, currentIp, onClose }: AddIpDialogProps) {
  const { t } = useTranslation(['accessLists', 'common']);
  const [ip, setIp] = useState('');
  const [toIp, setToIp] = useState('');
  const [emptyError, setEmptyError] = useState(false);
  const [networkProblem, setNetworkProblem] = useState<NetworkProblem | null>(null);
  const add = useAddIpAllowListEntry();
  const fieldErrors = isApiError(add.error) ? add.error.validationErrors : [];
  const hasErrorOn = (field: string) => fieldErrors.some((item) => item.field === field);
  const hasFieldError = hasErrorOn('ip') || hasErrorOn('toIp');

  function close() {
    setIp('');
    setToIp('');
    setEmptyError(false);
    setNetworkProblem(null);
    add.reset();
    onClose();
  }

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (ip.trim() === '') {
      setEmptyError(true);
      return;
    }
    const problem = networkProblemOf(ip.trim(), toIp.trim());
    setNetworkProblem(problem);
    if (problem !== null) return;
    add.mutate({ ip: ip.trim(), toIp: toIp.trim() === '' ? undefined : toIp.trim() }, { onSuccess: close });
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('accessLists:addIp.title')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('accessLists:addIp.intro')}</Text>
          {add.error && !hasFieldError ? <ErrorAlert error={add.error} /> : null}
          <TextInput
            label={t('accessLists:addIp.ip')}
            description={t('accessLists:addIp.ipHint')}
            value={ip}
            onChange={(event) => {
              setIp(event.currentTarget.value);
              setEmptyError(false);
              setNetworkProblem(null);
            }}
            error={
              emptyError
                ? t('accessLists:addIp.ipRequired')
                : networkProblem === 'prefixLength'
                  ? t('accessLists:addIp.prefixLengthInvalid')
                  : hasErrorOn('ip')
                    ? t('accessLists:addIp.ipInvalid')
                    : undefined
            }
            autoComplete="off"
            spellCheck={false}
            required
            data-autofocus
          />
          <TextInput
            label={t('accessLists:addIp.toIp')}
            description={t('accessLists:addIp.toIpHint')}
            value={toIp}
            onChange={(event) => {
              setToIp(event.currentTarget.value);
              setNetworkProblem(null);
            }}
            error={
              networkProblem === 'withEnd'
                ? t('accessLists:addIp.networkWithEnd')
                : hasErrorOn('toIp')
                  ? t('accessLists:addIp.toIpInvalid')
                  : undefined
            }
            autoComplete="off"
            spellCheck={false}
          />
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Button variant="subtle" onClick={() => setIp(currentIp)}>
              {t('accessLists:addIp.useCurrent', { ip: currentIp })}
            </Button>
            <Group gap="sm">
              <Button variant="default" onClick={close} disabled={add.isPending}>
                {t('accessLists:actions.cancel')}
              </Button>
              <Button type="submit" loading={add.isPending}>
                {t('accessLists:addIp.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
