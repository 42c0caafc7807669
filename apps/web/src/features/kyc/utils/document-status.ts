import { DocumentStatus } from '@app/shared/api/documents';

export type DocumentStatusWord = 'confirmed' | 'rejected' | 'expired' | 'inReview' | 'awaited' | 'nameMismatch';

/** Spec 001 §4 status ids in words; the word is always shown, the colour only repeats it. */
export function documentStatusWordOf(statusId: number): DocumentStatusWord {
  switch (statusId) {
    case DocumentStatus.confirmed:
      return 'confirmed';
    case DocumentStatus.rejected:
      return 'rejected';
    case DocumentStatus.expired:
      return 'expired';
    case DocumentStatus.nameMismatch:
      return 'nameMismatch';
    case DocumentStatus.pendingUpload:
      return 'awaited';
    default:
      return 'inReview';
  }
}

/** Badge colours with white text at ≥ 4.5:1. */
export const DOCUMENT_STATUS_COLORS: Record<DocumentStatusWord, string> = {
  confirmed: 'teal.9',
  rejected: 'red.9',
  expired: 'red.9',
  nameMismatch: '#b34a0b',
  inReview: 'blue.9',
  awaited: 'gray.8',
};
