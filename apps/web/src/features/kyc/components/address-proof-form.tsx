import { ADDRESS_DOCUMENT_TYPE_IDS } from '@app/shared/api/documents';
import { Alert, Button, Select, Stack } from '@mantine/core';
import { type SubmitEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorSummary, type SummaryItem } from '../../../components/error-summary';
import { useUploadDocument } from '../api/use-upload-document';
import { fileProblemOf } from '../utils/file-check';
import { FileField } from './file-field';

type Field = 'documentType' | 'main';
const FIELD_IDS: Record<Field, string> = { documentType: 'kyc-address-type', main: 'kyc-address-file' };

/** The proof of address: a recent bill or statement showing the customer's name and home address. */
export function AddressProofForm() {
  const { t } = useTranslation('kyc');
  const [documentType, setDocumentType] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [isDone, setIsDone] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const upload = useUploadDocument();

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsDone(false);
    const found: Partial<Record<Field, string>> = {};
    if (documentType === null) found.documentType = t('address.errors.type');
    const problem = fileProblemOf(file, true);
    if (problem !== undefined) found.main = t(`upload.errors.${problem}`);
    setErrors(found);
    if (Object.keys(found).length > 0 || documentType === null || file === null) {
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    upload.mutate(
      { path: '/documents/address-proof', data: { documentTypeId: Number(documentType) }, files: { main: file } },
      {
        onSuccess: () => {
          setFile(null);
          setIsDone(true);
        },
      },
    );
  }

  const summary: SummaryItem[] = (Object.keys(errors) as Field[]).flatMap((field) => {
    const message = errors[field];
    return message === undefined ? [] : [{ fieldId: FIELD_IDS[field], message }];
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="kyc-address-title">
      <Stack gap="md">
        <ErrorSummary ref={summaryRef} items={summary} />
        {upload.isError ? <ErrorAlert error={upload.error} title={t('upload.failed')} /> : null}
        {isDone ? (
          <Alert color="brand" variant="light" role="status" title={t('address.uploadedTitle')}>
            {t('address.uploaded')}
          </Alert>
        ) : null}
        <Select
          id={FIELD_IDS.documentType}
          label={t('address.type')}
          description={t('address.typeHint')}
          data={ADDRESS_DOCUMENT_TYPE_IDS.map((id) => ({ value: String(id), label: t(`documentTypes.${id}`) }))}
          value={documentType}
          onChange={setDocumentType}
          error={errors.documentType}
          allowDeselect={false}
          required
        />
        <FileField
          id={FIELD_IDS.main}
          label={t('address.file')}
          value={file}
          onChange={setFile}
          error={errors.main}
          isRequired
        />
        <Button type="submit" loading={upload.isPending}>
          {t('address.submit')}
        </Button>
      </Stack>
    </form>
  );
}
