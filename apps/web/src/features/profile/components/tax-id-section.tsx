import { taxIdSchema } from '@app/shared/api/profile';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type SubmitEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error';
import { useUpdateTaxId } from '../api/update-tax-id';
import { ActionFeedback } from './action-feedback';
import { SectionCard } from './section-card';

/** Customer tax number update (spec 000 §7). */
export function TaxIdSection({ taxId, onUpdated }: { taxId: string | undefined; onUpdated: () => void }) {
  const { t } = useTranslation('profile');
  const update = useUpdateTaxId(onUpdated);
  const [value, setValue] = useState(taxId ?? '');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setNotice(null);
    if (value.trim() === '') {
      setFieldError(t('taxId.required'));
      return;
    }
    const parsed = taxIdSchema.safeParse(value);
    if (!parsed.success) {
      setFieldError(t('taxId.invalid'));
      return;
    }
    setFieldError(undefined);
    try {
      setValue(await update.mutateAsync({ taxId: parsed.data }));
      setNotice(t('taxId.updated'));
    } catch (caught) {
      if (isApiError(caught) && caught.validationErrors.some((item) => item.field === 'taxId')) {
        setFieldError(t('taxId.invalid'));
      } else {
        setError(caught);
      }
    }
  }

  return (
    <SectionCard id="tax-id" title={t('taxId.title')} intro={t('taxId.intro')}>
      <ActionFeedback notice={notice} error={error} />
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack gap="sm">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              id="tax-id"
              label={t('taxId.label')}
              description={t('taxId.hint')}
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              error={fieldError}
              autoComplete="off"
              spellCheck={false}
              required
              style={{ flex: '1 1 240px' }}
            />
          </Group>
          <Group>
            <Button type="submit" loading={update.isPending}>
              {t('taxId.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
