import type { NotificationType } from '@app/shared/api/notifications';
import type { QueryKey } from '@tanstack/react-query';
import { accountsQueryKey } from '../features/accounts/api/get-accounts';
import { customerInfoQueryKey } from '../features/customers/api/get-customer-info';
import { historyQueryRoot } from '../features/history/api/get-transaction-history';
import { documentsQueryKey } from '../features/kyc/api/get-documents';
import { newsQueryRoot } from '../features/news/api/get-announcements';
import { emailsQueryRoot } from '../features/profile/api/query-roots';
import { pendingTermsQueryKey } from '../features/terms/api/get-pending-terms';

export { isNotificationType, NOTIFICATION_TYPES, type NotificationType } from '@app/shared/api/notifications';

/**
 * Which cached data a notification makes stale (spec 000 §4: documents, the smart-contract list or
 * the accounts, depending on its type). `info` carries announcements, so it refreshes the news and
 * its unread badge. Smart-contract types join this map with the screens that bring their queries;
 * a type without an entry only shows its toast.
 */
export const NOTIFICATION_INVALIDATIONS: Partial<Record<NotificationType, readonly QueryKey[]>> = {
  // A document review, a verification decision or a video identity result arrives as `info` too.
  info: [newsQueryRoot, customerInfoQueryKey, documentsQueryKey],
  documentRejected: [customerInfoQueryKey, documentsQueryKey],
  documentFailed: [customerInfoQueryKey, documentsQueryKey],
  documentExpired: [customerInfoQueryKey, documentsQueryKey],
  documentExpSoon: [documentsQueryKey],
  fundsReceived: [accountsQueryKey, historyQueryRoot],
  cardClosed: [accountsQueryKey],
  usernameChangeFailed: [customerInfoQueryKey, emailsQueryRoot],
  acceptTermsLogin: [customerInfoQueryKey, pendingTermsQueryKey],
};

/**
 * Whether a notification is meant for someone reading in `language`. An announcement lists the
 * languages it was published in (`languages: 'en,ro'`); its toast shows only in those, the way the
 * news list shows it only in those. Other notifications carry no list and are for everyone.
 */
export function isForLanguage(payload: Record<string, unknown>, language: string): boolean {
  const languages = payload.languages;
  if (typeof languages !== 'string' || languages.trim() === '') return true;
  return languages.split(',').some((listed) => listed.trim() === language);
}
