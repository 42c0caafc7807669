import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import { SMS_POPUP_CLOSE_DELAY_MS } from '@app/shared/constants';
import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { formatMoney, useDisplayLanguage } from '../../../components/money';
import { isApiError } from '../../../lib/api-error';
import { useAwaitedTransfer } from '../api/get-transfer-details';
import { useApproveTransfer, useCancelTransferApproval, useResendTransferApproval } from '../api/transfer-approval';
import { formatMinutesSeconds, useSecondsLeft } from '../hooks/use-seconds-left';
import type { ApprovalStep, CodeChannel } from '../utils/approval-step';
import { outcomeFromDetails, type TransferOutcome } from '../utils/transfer-outcome';

const CODE_LENGTH = 6;
const CODE_FIELD_ID = 'transfer-approval-code';

export interface ApprovalDialogProps {
  step: Extract<ApprovalStep, { kind: 'push' | 'code' }>;
  /** The approval ended: approved, declined, cancelled, expired or too many wrong codes. */
  onFinished: (outcome: TransferOutcome) => void;
  /** The customer closed the dialog without an answer: the transfer still waits for approval. */
  onLeave: (outcome: TransferOutcome) => void;
}

function deadlineOf(expiresAt: string | undefined): number | null {
  if (expiresAt === undefined) return null;
  const time = Date.parse(expiresAt);
  return Number.isNaN(time) ? null : time;
}

/**
 * Strong customer authentication before money leaves (spec 001 §4): push waits for the linked
 * device; sms, otp and e-mail codes are typed here. Codes can be sent again, and the transfer can
 * be cancelled, which releases the held money.
 */
export function ApprovalDialog({ step, onFinished, onLeave }: ApprovalDialogProps) {
  const { t } = useTranslation(['transfers', 'common']);
  const language = useDisplayLanguage();
  const held = step.result;
  const [expiresAt, setExpiresAt] = useState(held.approvalExpiresAt);
  const [sentTo, setSentTo] = useState(held.approvalSentTo);
  const [resendNotice, setResendNotice] = useState<string | undefined>(undefined);
  const secondsLeft = useSecondsLeft(deadlineOf(expiresAt));
  const resend = useResendTransferApproval();
  const cancel = useCancelTransferApproval();
  const amount = formatMoney(held.fromAmount, held.fromCurrencyCode, language);
  const hasTransactionId = Number.isSafeInteger(held.transactionId) && held.transactionId > 0;

  function handleResend() {
    setResendNotice(undefined);
    resend.mutate(held.transactionId, {
      onSuccess: (answer) => {
        setExpiresAt(answer.approvalExpiresAt);
        if (answer.approvalSentTo !== undefined) setSentTo(answer.approvalSentTo);
        setResendNotice(t('transfers:approval.resent', { count: answer.resendsLeft }));
      },
    });
  }

  function handleCancel() {
    cancel.mutate(held.transactionId, {
      onSuccess: (result) =>
        onFinished({ ...result, rejectReason: result.status === 'rejected' ? 'cancelled' : undefined }),
    });
  }

  const canResend = step.kind === 'push' || step.channel !== 'otp';
  const title =
    step.kind === 'push' ? t('transfers:approval.push.title') : t(`transfers:approval.code.${step.channel}.title`);

  return (
    <Modal
      opened
      onClose={() => onLeave(held)}
      title={title}
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <Stack gap="md">
        {!hasTransactionId ? (
          <Alert color="red" variant="light" role="alert">
            {t('transfers:approval.noOperation')}
          </Alert>
        ) : step.kind === 'push' ? (
          <PushWait held={held} amount={amount} onFinished={onFinished} />
        ) : (
          <CodeEntry held={held} channel={step.channel} sentTo={sentTo} amount={amount} onFinished={onFinished} />
        )}
        {secondsLeft !== null ? (
          <Text size="sm" c="dimmed" aria-live="off">
            {secondsLeft > 0
              ? t('transfers:approval.timeLeft', { time: formatMinutesSeconds(secondsLeft) })
              : t('transfers:approval.timeUp')}
          </Text>
        ) : null}
        {resendNotice ? (
          <Text size="sm" role="status">
            {resendNotice}
          </Text>
        ) : null}
        {resend.error ? <ErrorAlert error={resend.error} title={t('transfers:approval.resendFailed')} /> : null}
        {cancel.error ? <ErrorAlert error={cancel.error} title={t('transfers:approval.cancelFailed')} /> : null}
        {hasTransactionId ? (
          <Group justify="space-between" gap="sm">
            {canResend ? (
              <Button variant="default" onClick={handleResend} loading={resend.isPending}>
                {step.kind === 'push' ? t('transfers:approval.push.resend') : t('transfers:approval.code.resend')}
              </Button>
            ) : (
              <span />
            )}
            <Button variant="subtle" color="red.9" onClick={handleCancel} loading={cancel.isPending}>
              {t('transfers:approval.cancel')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Modal>
  );
}

function PushWait({
  held,
  amount,
  onFinished,
}: {
  held: TransferOutcome;
  amount: string;
  onFinished: (outcome: TransferOutcome) => void;
}) {
  const { t } = useTranslation('transfers');
  const query = useAwaitedTransfer(held.transactionId);
  const details = query.data;
  const isReported = useRef(false);

  useEffect(() => {
    if (isReported.current || details === undefined || details.status === 'awaitingApproval') return;
    isReported.current = true;
    onFinished(outcomeFromDetails(held, details));
  }, [details, held, onFinished]);

  return (
    <Stack gap="sm">
      <Text>{t('approval.push.body', { amount })}</Text>
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{t('approval.push.waiting')}</Text>
      </Group>
    </Stack>
  );
}

function CodeEntry({
  held,
  channel,
  sentTo,
  amount,
  onFinished,
}: {
  held: TransferOutcome;
  channel: CodeChannel;
  sentTo: string | undefined;
  amount: string;
  onFinished: (outcome: TransferOutcome) => void;
}) {
  const { t } = useTranslation(['transfers', 'common']);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [approved, setApproved] = useState<TransferOutcome | undefined>(undefined);
  const approve = useApproveTransfer();
  const inputRef = useRef<HTMLInputElement>(null);

  // Spec 001 §9: the code popup closes by itself 3 seconds after the approval went through.
  useEffect(() => {
    if (approved === undefined) return undefined;
    const timer = setTimeout(() => onFinished(approved), SMS_POPUP_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [approved, onFinished]);

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (approve.isPending) return;
    const digits = code.replace(/\s/g, '');
    if (digits.length !== CODE_LENGTH || !/^\d+$/.test(digits)) {
      setFieldError(t('transfers:approval.code.invalid', { length: CODE_LENGTH }));
      inputRef.current?.focus();
      return;
    }
    setFieldError(undefined);
    approve.mutate(
      { trxid: held.transactionId, approvalCode: digits },
      {
        onSuccess: (result) => {
          if (result.status === 'completed') setApproved(result);
          else onFinished(result);
        },
        onError: (error) => {
          const codeError = isApiError(error)
            ? error.validationErrors.find((item) => item.field === 'approvalCode')
            : undefined;
          if (codeError) {
            setFieldError(codeError.message);
            setCode('');
            inputRef.current?.focus();
          }
        },
      },
    );
  }

  if (approved) {
    return (
      <Stack gap="sm">
        <Text role="status" fw={600}>
          {t('transfers:approval.code.approved')}
        </Text>
        <Group justify="flex-end">
          <Button onClick={() => onFinished(approved)}>{t('transfers:approval.code.continue')}</Button>
        </Group>
      </Stack>
    );
  }

  const otherError =
    approve.error &&
    !(isApiError(approve.error) && approve.error.validationErrors.some((item) => item.field === 'approvalCode'))
      ? approve.error
      : undefined;

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <Text>
          {channel === 'otp'
            ? t('transfers:approval.code.otp.body', { amount })
            : t(`transfers:approval.code.${channel}.body`, { amount, sentTo: sentTo ?? '' })}
        </Text>
        {otherError ? <ErrorAlert error={otherError} title={t('transfers:approval.failed')} /> : null}
        <TextInput
          ref={inputRef}
          id={CODE_FIELD_ID}
          label={t('transfers:approval.code.label')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH + 2}
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setFieldError(undefined);
          }}
          error={fieldError}
          data-autofocus
        />
        <Button type="submit" loading={approve.isPending}>
          {t('transfers:approval.code.submit')}
        </Button>
      </Stack>
    </form>
  );
}
