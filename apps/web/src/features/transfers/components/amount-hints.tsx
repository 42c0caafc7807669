import type { TransferLimits } from '@app/shared/api/transfers';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney, useDisplayLanguage } from '../../../components/money';

export interface AmountHintsProps {
  available?: { amount: string; currency: string };
  maxAmount?: { amount: string; currency: string };
  limits?: TransferLimits;
}

/** Hints before errors (UI.md): what is available, the most that can be sent now, and the limits. */
export function AmountHints({ available, maxAmount, limits }: AmountHintsProps) {
  const { t } = useTranslation('transfers');
  const language = useDisplayLanguage();
  const parts: string[] = [];
  if (available)
    parts.push(t('amount.available', { amount: formatMoney(available.amount, available.currency, language) }));
  if (maxAmount) parts.push(t('amount.max', { amount: formatMoney(maxAmount.amount, maxAmount.currency, language) }));
  if (limits) {
    parts.push(
      t('amount.limits', {
        perTransfer: formatMoney(limits.perTransferLimit, limits.currencyCode, language),
        dailyRemaining: formatMoney(limits.dailyRemaining, limits.currencyCode, language),
      }),
    );
  }
  if (parts.length === 0) return null;
  return (
    <Text size="sm" c="dimmed" component="span">
      {parts.join(' · ')}
    </Text>
  );
}
