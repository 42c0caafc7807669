import { IDENTITY_DOCUMENT_TYPE_IDS, requiresBothSides } from '@app/shared/api/documents';
import { Alert, Button, Select, Stack, TextInput } from '@mantine/core';
import { type SubmitEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorSummary, type SummaryItem } from '../../../components/error-summary';
import { getLanguage, languageOfLocale } from '../../../lib/language';
import { useUploadDocument } from '../api/use-upload-document';
import { issuingCountryOptions } from '../utils/countries';
import { fileProblemOf } from '../utils/file-check';
import { FileField } from './file-field';

type Field = 'documentType' | 'country' | 'expiresDate' | 'front' | 'back';
const FIELD_IDS: Record<Field, string> = {
  documentType: 'kyc-identity-type',
  country: 'kyc-identity-country',
  expiresDate: 'kyc-identity-expires',
  front: 'kyc-identity-front',
  back: 'kyc-identity-back',
};

/**
 * The identity document upload (spec 001 §5): front and back for passports and identity cards, and
 * for internal passports issued in RU or UA; one side otherwise.
 */
export function IdentityDocumentForm({ onUploaded }: { onUploaded?: () => void }) {
  const { t, i18n } = useTranslation('kyc');
  const language = languageOfLocale(i18n.language) ?? getLanguage();
  const countries = useMemo(() => issuingCountryOptions(language), [language]);
  const [documentType, setDocumentType] = useState<string | null>(null);
  const [country, setCountry] = useState<string | null>(null);
  const [expiresDate, setExpiresDate] = useState('');
  const [front, setFront] = useState<File | null>(null);
  const [back, setBack] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [isDone, setIsDone] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const upload = useUploadDocument();

  const typeId = documentType === null ? undefined : Number(documentType);
  const needsBack = typeId !== undefined && requiresBothSides(typeId, country ?? undefined);
  const today = new Date().toISOString().slice(0, 10);

  function validate(): Partial<Record<Field, string>> {
    const found: Partial<Record<Field, string>> = {};
    if (typeId === undefined) found.documentType = t('identity.errors.type');
    if (country === null) found.country = t('identity.errors.country');
    if (expiresDate !== '' && expiresDate <= today) found.expiresDate = t('identity.errors.expired');
    const frontProblem = fileProblemOf(front, true);
    if (frontProblem !== undefined) found.front = t(`upload.errors.${frontProblem}`);
    const backProblem = fileProblemOf(back, needsBack);
    if (backProblem !== undefined) found.back = t(`upload.errors.${backProblem}`);
    return found;
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsDone(false);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0 || typeId === undefined || country === null || front === null) {
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    upload.mutate(
      {
        path: '/documents/identity',
        data: {
          documentTypeId: typeId,
          issuingCountryCode: country,
          ...(expiresDate === '' ? {} : { expiresDate }),
        },
        files: { front, back: back ?? undefined },
      },
      {
        onSuccess: () => {
          setFront(null);
          setBack(null);
          setIsDone(true);
          onUploaded?.();
        },
      },
    );
  }

  const summary: SummaryItem[] = (Object.keys(errors) as Field[]).flatMap((field) => {
    const message = errors[field];
    return message === undefined ? [] : [{ fieldId: FIELD_IDS[field], message }];
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="kyc-identity-title">
      <Stack gap="md">
        <ErrorSummary ref={summaryRef} items={summary} />
        {upload.isError ? <ErrorAlert error={upload.error} title={t('upload.failed')} /> : null}
        {isDone ? (
          <Alert color="brand" variant="light" role="status" title={t('identity.uploadedTitle')}>
            {t('identity.uploaded')}
          </Alert>
        ) : null}
        <Select
          id={FIELD_IDS.documentType}
          label={t('identity.type')}
          data={IDENTITY_DOCUMENT_TYPE_IDS.map((id) => ({ value: String(id), label: t(`documentTypes.${id}`) }))}
          value={documentType}
          onChange={setDocumentType}
          error={errors.documentType}
          allowDeselect={false}
          required
        />
        <Select
          id={FIELD_IDS.country}
          label={t('identity.country')}
          data={countries}
          value={country}
          onChange={setCountry}
          error={errors.country}
          searchable
          required
          nothingFoundMessage={t('identity.noCountry')}
        />
        <TextInput
          id={FIELD_IDS.expiresDate}
          type="date"
          label={t('identity.expires')}
          description={t('identity.expiresHint')}
          value={expiresDate}
          min={today}
          onChange={(event) => setExpiresDate(event.currentTarget.value)}
          error={errors.expiresDate}
        />
        <FileField
          id={FIELD_IDS.front}
          label={t('identity.front')}
          value={front}
          onChange={setFront}
          error={errors.front}
          isRequired
        />
        <FileField
          id={FIELD_IDS.back}
          label={needsBack ? t('identity.back') : t('identity.backOptional')}
          value={back}
          onChange={setBack}
          error={errors.back}
          isRequired={needsBack}
        />
        <Button type="submit" loading={upload.isPending}>
          {t('identity.submit')}
        </Button>
      </Stack>
    </form>
  );
}
