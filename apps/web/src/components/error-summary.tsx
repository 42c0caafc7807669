import { Alert, Anchor } from '@mantine/core';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './error-summary.module.css';

export interface SummaryItem {
  /** The id of the field to jump to; absent for errors not tied to a field. */
  fieldId?: string;
  message: string;
}

/**
 * The GOV.UK error summary: every problem at the top of the form, each linking to its field. It takes
 * focus after a failed submit so screen readers announce it.
 */
export const ErrorSummary = forwardRef<HTMLDivElement, { items: SummaryItem[]; supportCode?: string }>(
  function ErrorSummary({ items, supportCode }, ref) {
    const { t } = useTranslation('common');
    if (items.length === 0) return null;
    return (
      <Alert ref={ref} tabIndex={-1} color="red" variant="light" title={t('errors.summaryTitle')} role="alert">
        <ul className={classes.list}>
          {items.map((item) => (
            <li key={`${item.fieldId ?? ''}:${item.message}`}>
              {item.fieldId ? (
                <Anchor
                  href={`#${item.fieldId}`}
                  c="red.9"
                  size="sm"
                  onClick={(event) => {
                    event.preventDefault();
                    document.getElementById(item.fieldId ?? '')?.focus();
                  }}
                >
                  {item.message}
                </Anchor>
              ) : (
                item.message
              )}
            </li>
          ))}
        </ul>
        {supportCode ? (
          <Anchor component="span" size="xs" c="dimmed" underline="never" display="block" mt={6}>
            {t('errors.supportCode', { code: supportCode })}
          </Anchor>
        ) : null}
      </Alert>
    );
  },
);
