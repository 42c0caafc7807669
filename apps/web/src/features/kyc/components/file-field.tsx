import { FileInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ACCEPTED_UPLOAD_TYPES } from '../api/upload-document';

/** A document file picker: the formats and the size limit are said before anything goes wrong. */
export function FileField({
  id,
  label,
  value,
  onChange,
  error,
  isRequired,
}: {
  id: string;
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  error?: string;
  isRequired?: boolean;
}) {
  const { t } = useTranslation('kyc');
  return (
    <FileInput
      id={id}
      label={label}
      description={t('upload.formats')}
      placeholder={t('upload.choose')}
      accept={ACCEPTED_UPLOAD_TYPES}
      value={value}
      onChange={onChange}
      error={error}
      required={isRequired}
      clearable
      clearButtonProps={{ 'aria-label': t('upload.clear') }}
    />
  );
}
