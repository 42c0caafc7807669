import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import { BLACKLIST_BLOCK_TYPES } from '@app/shared/api/security';
import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { type SubmitEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-error';
import { useAddBlacklistEntry } from '../api/add-blacklist-entry';

interface AddBlacklistDialogProps {
  opened: boolean;
  onClose: () => void;
  /** After the server added the e-mail: the screen shows the spec's success text. */
  onAdded: (email: string) => void;
}

/** The "add blacklist user" popup (spec 001 §2): an e-mail and what is blocked. */
export function AddBlacklistDialog({ opened, onClose, onAdded }: AddBlacklistDialogProps) {
  const { t } = useTranslation(['accessLists', 'common']);
  const [email, setEmail] = useState('');
  const [blockType, setBlockType] = useState<string>(String(BLACKLIST_BLOCK_TYPES[0]));
  const [isEmptyError, setIsEmptyError] = useState(false);
  const add = useAddBlacklistEntry();
  const fieldErrors = isApiError(add.error) ? add.error.validationErrors : [];
  const emailError = fieldErrors.find((item) => item.field === 'email')
    ? t('accessLists:blacklist.emailInvalid')
    : undefined;
  const hasFieldError = emailError !== undefined;

  function close() {
    setEmail('');
    setIsEmptyError(false);
    add.reset();
    onClose();
  }

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = email.trim();
    if (typed === '') {
      setIsEmptyError(true);
      return;
    }
    add.mutate(
      { email: typed, blockType: Number(blockType) },
      {
        onSuccess: (answer) => {
          close();
          onAdded(answer.entry.email);
        },
      },
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('accessLists:blacklist.addTitle')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('accessLists:blacklist.addIntro')}</Text>
          {add.error && !hasFieldError ? <ErrorAlert error={add.error} /> : null}
          <TextInput
            label={t('accessLists:blacklist.email')}
            type="email"
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setIsEmptyError(false);
            }}
            error={isEmptyError ? t('accessLists:blacklist.emailRequired') : emailError}
            autoComplete="off"
            required
            data-autofocus
          />
          <NativeSelect
            label={t('accessLists:blacklist.blockType')}
            value={blockType}
            onChange={(event) => setBlockType(event.currentTarget.value)}
            data={BLACKLIST_BLOCK_TYPES.map((type) => ({
              value: String(type),
              label: t(`accessLists:blacklist.types.${type}`),
            }))}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={add.isPending}>
              {t('accessLists:actions.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending}>
              {t('accessLists:blacklist.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
