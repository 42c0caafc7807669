import type { CustomerInfo } from '@app/shared/api/customers';
import { personalInfoSchema } from '@app/shared/api/verification';
import { Alert, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type SubmitEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorSummary, type SummaryItem } from '../../../components/error-summary';
import { isApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useUpdatePersonalInfo } from '../api/update-personal-info';

type Field = 'firstName' | 'lastName' | 'birthDay' | 'taxId';
const FIELDS: Field[] = ['firstName', 'lastName', 'birthDay', 'taxId'];
const fieldId = (field: Field) => `profile-update-${field}`;

/** Server field errors (VF) by field, for the inputs that have them. */
function serverFieldErrors(error: unknown): Partial<Record<Field, string>> {
  if (!isApiError(error)) return {};
  const found: Partial<Record<Field, string>> = {};
  for (const item of error.validationErrors) {
    const field = FIELDS.find((candidate) => candidate === item.field);
    if (field !== undefined) found[field] = item.message;
  }
  return found;
}

/**
 * `profile-update` (spec 000 §4 "After login" rule 5): the KYC personal-info update. The names, date
 * of birth and tax id must match the identity document; the routing stops sending the user here.
 */
export function ProfileUpdateScreen({ customer }: { customer: CustomerInfo }) {
  const { t } = useTranslation('kyc');
  useDocumentTitle(t('profileUpdate.title'));
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({
    firstName: customer.firstName ?? '',
    lastName: customer.lastName ?? '',
    birthDay: customer.birthDay ?? '',
    taxId: customer.taxId ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const summaryRef = useRef<HTMLDivElement>(null);
  const update = useUpdatePersonalInfo();

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = personalInfoSchema.safeParse({
      ...values,
      taxId: values.taxId.trim() === '' ? undefined : values.taxId,
    });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = FIELDS.find((candidate) => candidate === issue.path[0]);
        if (field !== undefined && found[field] === undefined) found[field] = t(`profileUpdate.errors.${field}`);
      }
      setErrors(found);
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: () => void navigate('/home'),
      onError: (error) => setErrors(serverFieldErrors(error)),
    });
  }

  const summary: SummaryItem[] = FIELDS.flatMap((field) => {
    const message = errors[field];
    return message === undefined ? [] : [{ fieldId: fieldId(field), message }];
  });

  return (
    <Stack gap="lg" maw={560}>
      <div>
        <Title order={1} size="h2">
          {t('profileUpdate.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('profileUpdate.intro')}
        </Text>
      </div>
      <Paper withBorder p="md" radius="md">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <ErrorSummary ref={summaryRef} items={summary} />
            {update.isError && Object.keys(serverFieldErrors(update.error)).length === 0 ? (
              <ErrorAlert error={update.error} />
            ) : null}
            {update.isSuccess ? (
              <Alert color="brand" variant="light" role="status">
                {t('profileUpdate.saved')}
              </Alert>
            ) : null}
            {FIELDS.map((field) => (
              <TextInput
                key={field}
                id={fieldId(field)}
                label={t(`profileUpdate.fields.${field}`)}
                description={field === 'birthDay' || field === 'taxId' ? t(`profileUpdate.hints.${field}`) : undefined}
                type={field === 'birthDay' ? 'date' : 'text'}
                autoComplete={
                  field === 'firstName'
                    ? 'given-name'
                    : field === 'lastName'
                      ? 'family-name'
                      : field === 'birthDay'
                        ? 'bday'
                        : 'off'
                }
                required={field !== 'taxId'}
                value={values[field]}
                error={errors[field]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setValues((previous) => ({ ...previous, [field]: value }));
                }}
              />
            ))}
            <Button type="submit" loading={update.isPending}>
              {t('profileUpdate.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
