import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatRate, Money, useDisplayLanguage } from '../../../components/money';
import classes from './transfer-form.module.css';

export interface Quote {
  fromAmount?: string;
  fromCurrency: string;
  toAmount?: string;
  toCurrency: string;
  /** from → to; "1" when the currencies are the same. */
  rate?: string;
  fee?: string;
  feeCurrency?: string;
  /** The other side was converted at the current rate. */
  isEstimate: boolean;
}

/** The live quote beside the form: rate, fee, and what arrives — before the review repeats it. */
export function QuoteSummary({ quote }: { quote: Quote }) {
  const { t } = useTranslation('transfers');
  const language = useDisplayLanguage();
  const isConversion = quote.fromCurrency !== quote.toCurrency;
  return (
    <div className={classes.quote} aria-live="polite">
      {isConversion ? (
        <div className={classes.quoteRow}>
          <span>{t('review.rate')}</span>
          <span>
            {quote.rate === undefined
              ? t('quote.loading')
              : formatRate(quote.fromCurrency, quote.rate, quote.toCurrency, language)}
          </span>
        </div>
      ) : null}
      <div className={classes.quoteRow}>
        <span>{t('review.fee')}</span>
        <span>
          {quote.fee !== undefined && quote.feeCurrency !== undefined ? (
            <Money amount={quote.fee} currency={quote.feeCurrency} />
          ) : (
            t('quote.feeLater')
          )}
        </span>
      </div>
      {quote.toAmount !== undefined ? (
        <div className={classes.quoteRow}>
          <Text component="span" size="sm" fw={600}>
            {t('review.theyGet')}
          </Text>
          <Text component="span" size="sm" fw={600}>
            {quote.isEstimate ? '≈ ' : ''}
            <Money amount={quote.toAmount} currency={quote.toCurrency} />
          </Text>
        </div>
      ) : null}
    </div>
  );
}
