import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import { Button, Modal, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { saveBlob } from '../../../lib/authorized-download';
import { useDocumentFile } from '../api/view-document-file';

/** Browsers show these inline; a HEIC scan is saved for a viewer that reads it. */
const INLINE_IMAGE_TYPES = new Set(['image/jpeg', 'image/png']);

/** Opens one scan: images in a dialog, PDFs in a new tab, anything else as a download. */
export function FilePreviewButton({
  fileId,
  contentType,
  label,
}: {
  fileId: number;
  contentType: string;
  label: string;
}) {
  const { t } = useTranslation('adminReview');
  const file = useDocumentFile();
  const [imageUrl, setImageUrl] = useState<string | null>(null);

  useEffect(() => {
    if (imageUrl === null) return undefined;
    return () => URL.revokeObjectURL(imageUrl);
  }, [imageUrl]);

  function open() {
    file.mutate(fileId, {
      onSuccess: (blob) => {
        if (INLINE_IMAGE_TYPES.has(contentType)) {
          setImageUrl(URL.createObjectURL(blob));
        } else if (contentType === 'application/pdf') {
          const url = URL.createObjectURL(blob);
          window.open(url, '_blank', 'noopener');
          setTimeout(() => URL.revokeObjectURL(url), 60_000);
        } else {
          saveBlob(blob, `document-${fileId}`);
        }
      },
    });
  }

  return (
    <>
      <Button size="xs" variant="default" onClick={open} loading={file.isPending}>
        {label}
      </Button>
      {file.isError ? <ErrorAlert error={file.error} /> : null}
      <Modal
        opened={imageUrl !== null}
        onClose={() => setImageUrl(null)}
        title={label}
        size="xl"
        closeButtonProps={{ 'aria-label': t('preview.close') }}
      >
        {imageUrl !== null ? (
          <img src={imageUrl} alt={label} style={{ maxWidth: '100%', height: 'auto', display: 'block' }} />
        ) : (
          <Text size="sm">{t('preview.loading')}</Text>
        )}
      </Modal>
    </>
  );
}
