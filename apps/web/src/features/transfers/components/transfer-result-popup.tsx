import { Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatRate, Money, useDisplayLanguage } from '../../../components/money';
import { ResultPopup } from '../../../components/result-popup';
import type { TransferOutcome } from '../utils/transfer-outcome';
import { ReviewList, type ReviewRow } from './review-list';

export interface TransferResultPopupProps {
  outcome: TransferOutcome | undefined;
  /** Whom the money went to, as the review named them. */
  recipient: string;
  /** The user may only initiate (access right 3): the transfer now waits for a colleague's approval. */
  isInitiatorOnly?: boolean;
  onClose: () => void;
}

/**
 * After money moves (UI.md): a clear result with its reference and the way to see it in history.
 * A transfer still waiting for approval is "pending"; a rejected one says why.
 */
export function TransferResultPopup({
  outcome,
  recipient,
  isInitiatorOnly = false,
  onClose,
}: TransferResultPopupProps) {
  const { t } = useTranslation('transfers');
  const language = useDisplayLanguage();
  if (outcome === undefined) return null;

  if (outcome.status === 'rejected' || outcome.status === 'failed') {
    const reason = outcome.rejectReason ?? 'declined';
    return (
      <ResultPopup
        opened
        onClose={onClose}
        status="error"
        title={reason === 'cancelled' ? t('result.cancelledTitle') : undefined}
        message={t(`result.rejected.${reason}`)}
        withHomeButton
      />
    );
  }

  if (outcome.status === 'awaitingApproval') {
    return (
      <ResultPopup opened onClose={onClose} status="pending" withHomeButton>
        <Anchor component={Link} to="/history" onClick={onClose}>
          {t('result.seeHistory')}
        </Anchor>
      </ResultPopup>
    );
  }

  const isConversion = outcome.fromCurrencyCode !== outcome.toCurrencyCode;
  const rows: ReviewRow[] = [
    { key: 'reference', label: t('result.reference'), value: `#${outcome.transactionId}` },
    {
      key: 'sent',
      label: t('review.youSend'),
      value: <Money amount={outcome.fromAmount} currency={outcome.fromCurrencyCode} />,
    },
    { key: 'fee', label: t('review.fee'), value: <Money amount={outcome.fee} currency={outcome.feeCurrencyCode} /> },
    ...(isConversion
      ? [
          {
            key: 'rate',
            label: t('review.rate'),
            value: formatRate(outcome.fromCurrencyCode, outcome.exchangeRate, outcome.toCurrencyCode, language),
          },
        ]
      : []),
    {
      key: 'received',
      label: t('review.theyGet'),
      value: <Money amount={outcome.toAmount} currency={outcome.toCurrencyCode} />,
      isEmphasized: true,
    },
  ];

  return (
    <ResultPopup
      opened
      onClose={onClose}
      status="success"
      title={isInitiatorOnly ? t('result.initiatedTitle') : t('result.successTitle')}
      message={t('result.successBody', { recipient })}
      withHomeButton
    >
      <Stack gap="xs">
        <ReviewList rows={rows} />
        {outcome.subscriptionId !== undefined ? (
          <Anchor component={Link} to="/transfer/preapproved-payments" onClick={onClose}>
            {t('result.seeRecurring')}
          </Anchor>
        ) : null}
        <Anchor component={Link} to="/history" onClick={onClose}>
          {t('result.seeHistory')}
        </Anchor>
      </Stack>
    </ResultPopup>
  );
}
