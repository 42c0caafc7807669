import { accountConfirmationLetterPath } from '@app/shared/api/accounts';
import { useMutation } from '@tanstack/react-query';
import { downloadProtectedFile } from '../../../lib/authorized-download';

/** The account-confirmation letter (PDF) of an open account, saved as a file. */
export function downloadConfirmationLetter(accountId: number): Promise<void> {
  return downloadProtectedFile(
    accountConfirmationLetterPath(accountId),
    `account-${accountId}-confirmation-letter.pdf`,
  );
}

export function useDownloadConfirmationLetter() {
  return useMutation({ mutationFn: downloadConfirmationLetter });
}
