import { agreementPdfPath } from '@app/shared/api/security';
import { useMutation } from '@tanstack/react-query';
import { downloadProtectedFile } from '../../../lib/authorized-download';

export function downloadAgreement(agreement: { id: number; version: number }): Promise<void> {
  return downloadProtectedFile(agreementPdfPath(agreement.id), `agreement-${agreement.id}-v${agreement.version}.pdf`);
}

export function useDownloadAgreement() {
  return useMutation({ mutationFn: downloadAgreement });
}
