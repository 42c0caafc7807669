import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ErrorTextKey, userFacingError } from '../lib/error-message';
import classes from './result-popup.module.css';
import { decorativeIconProps } from './icons';

/**
 * The result popup of spec 001 §2 and §8: a success, error or pending icon, the message, and an
 * optional way home. An error's text follows the spec's order (validation errors, errors,
 * description, message, body, else the default server error): a short one is the title itself, a
 * longer one (over 50 characters) goes to the body under the header "Error". A pending result with no
 * message says the payment is pending, with an asterisk and its footnote.
 */
export type ResultStatus = 'success' | 'error' | 'pending';

/** Longer error texts move from the title into the body (spec 001 §8). */
export const MAX_ERROR_TITLE_LENGTH = 50;

export interface ResultPopupProps {
  opened: boolean;
  onClose: () => void;
  status: ResultStatus;
  /** Overrides the title the status and message would give. */
  title?: string;
  /** The message; for errors, taken from `error` when absent. */
  message?: string;
  /** A failed call: its text and support code are shown in the spec's order. */
  error?: unknown;
  /** Details under the message: a reference, amounts, a link. */
  children?: ReactNode;
  /** Offers "Go to home" beside the close button. */
  withHomeButton?: boolean;
}

function StatusIcon({ status }: { status: ResultStatus }) {
  const common = decorativeIconProps(48);
  switch (status) {
    case 'success':
      return (
        <svg {...common} className={classes.success}>
          <circle cx="12" cy="12" r="10" />
          <path d="m7.5 12.5 3 3 6-6.5" />
        </svg>
      );
    case 'error':
      return (
        <svg {...common} className={classes.error}>
          <circle cx="12" cy="12" r="10" />
          <path d="m9 9 6 6M15 9l-6 6" />
        </svg>
      );
    case 'pending':
      return (
        <svg {...common} className={classes.pending}>
          <circle cx="12" cy="12" r="10" />
          <path d="M12 7v5l3 2" />
        </svg>
      );
  }
}

export function ResultPopup({
  opened,
  onClose,
  status,
  title,
  message,
  error,
  children,
  withHomeButton = false,
}: ResultPopupProps) {
  const { t } = useTranslation('common');
  const failure =
    status === 'error' && message === undefined && error !== undefined
      ? userFacingError(error, (key: ErrorTextKey) => t(`errors.${key}`))
      : undefined;
  const text = message ?? failure?.message ?? (status === 'error' ? t('errors.serverError') : undefined);

  let heading: string;
  let body: string | undefined = text;
  let footnote: string | undefined;
  if (title !== undefined) heading = title;
  else if (status === 'error') {
    const isShort = text !== undefined && text.length <= MAX_ERROR_TITLE_LENGTH;
    heading = isShort ? text : t('resultPopup.errorTitle');
    body = isShort ? undefined : text;
  } else if (status === 'pending') heading = t('resultPopup.pendingTitle');
  else heading = t('resultPopup.successTitle');
  if (status === 'pending' && text === undefined) {
    body = `${t('resultPopup.paymentPending')}*`;
    footnote = `*${t('resultPopup.paymentPendingNote')}`;
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={heading}
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stack gap="md" align="stretch">
        <div className={classes.icon}>
          <StatusIcon status={status} />
        </div>
        {body !== undefined ? (
          <Text ta="center" role={status === 'error' ? 'alert' : 'status'}>
            {body}
          </Text>
        ) : null}
        {failure?.code ? (
          <Text size="xs" c="dimmed" ta="center">
            {t('errors.supportCode', { code: failure.code })}
          </Text>
        ) : null}
        {children}
        {footnote !== undefined ? (
          <Text size="xs" c="dimmed">
            {footnote}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm" className={classes.actions}>
          {withHomeButton ? (
            <Button component={Link} to="/home" variant="default" onClick={onClose}>
              {t('resultPopup.goHome')}
            </Button>
          ) : null}
          <Button onClick={onClose} data-autofocus>
            {t('actions.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
